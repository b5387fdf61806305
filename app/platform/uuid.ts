const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID (any version): the shape of every id in this product. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
