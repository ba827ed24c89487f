/** The `bookmark://{id}` resource address: one bookmark as JSON. */
export const template = "bookmark://{id}"

export const of = (id: string): string => `bookmark://${encodeURIComponent(id)}`
