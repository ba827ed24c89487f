/** The web app over plain HTTP, as a browser without JavaScript sends forms: no redirects followed, one cookie kept. */
export interface Answer {
  readonly status: number
  readonly location: string | null
  /** The first cookie set (`name=value`), if any. */
  readonly cookie: string | null
  readonly headers: Headers
  readonly text: string
}

export const send = async (
  base: string,
  method: string,
  path: string,
  init: { form?: Record<string, string>; cookie?: string; headers?: Record<string, string> } = {}
): Promise<Answer> => {
  const response = await fetch(new URL(path, base), {
    method,
    redirect: "manual",
    headers: {
      ...(init.form === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
      ...(init.cookie === undefined ? {} : { cookie: init.cookie }),
      ...init.headers
    },
    ...(init.form === undefined ? {} : { body: new URLSearchParams(init.form).toString() })
  })
  return {
    status: response.status,
    location: response.headers.get("location"),
    cookie: response.headers.get("set-cookie")?.split(";")[0] ?? null,
    headers: response.headers,
    text: await response.text()
  }
}

/** The CSRF token of the first form on a page ("" when none). */
export const csrfOf = (html: string) => /name="_csrf" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? ""
