// A deep copy of plain data that may be a valtio proxy (structuredClone
// refuses a proxy): layouts hold only JSON's kinds of value.
export function plainCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
