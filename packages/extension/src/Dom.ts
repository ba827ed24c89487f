/** Small helpers over the extension's own pages: an element by id of the expected kind, or an error at once. */

export const byId = <E extends HTMLElement>(id: string, kind: { new(): E }): E => {
  const element = document.getElementById(id)
  if (!(element instanceof kind)) throw new Error(`the page has no ${kind.name} #${id}`)
  return element
}

export const show = (element: HTMLElement, visible: boolean) => {
  element.hidden = !visible
}
