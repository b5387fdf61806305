import type * as core from "zod/v4/core";

/**
 * What the browser checks of a field before the server does, read from the zod schema the
 * server validates it with: the longest text (`maxLength`) and whether it must be filled
 * (`required`). So an input's limits are never a second copy of the schema's numbers.
 *
 * A loader reads them from its schema (`formLimits`) and hands them to its form as plain data,
 * which finds each field's by its name (`limitsAt`): the admin's schemas stay on the server,
 * and no page loads zod for its limits (it would share zod's core with the contact form's
 * schema, and that page would load the classic API's share of it). The schema is read through
 * its definition (`_zod.def`, zod's documented way to inspect a schema), so this module imports
 * nothing of zod at run time; it reads the classic API and `zod/mini` alike.
 */
export type FieldLimits = { maxLength?: number; required?: true };

/** A form's limits, shaped like its schema: a field's limits, an object's fields, a list's item. */
export type FormLimits = FieldLimits | { fields: { [name: string]: FormLimits } } | { item: FormLimits };

type Check = { _zod: { def: { check: string; maximum?: number; minimum?: number; length?: number } } };
type Def = {
  type: core.$ZodTypeDef["type"];
  checks?: Check[];
  /** pipe: the side the form's text goes into. */
  in?: core.SomeType;
  /** optional, nullable, default and the other wrappers. */
  innerType?: core.SomeType;
  /** object */
  shape?: Record<string, core.SomeType>;
  /** array */
  element?: core.SomeType;
};

const defOf = (schema: core.SomeType) => schema._zod.def as Def;

/** Wrappers that leave the field's text as it is; `optional` also means it may be left out. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "catch", "readonly"]);

/** The schema the field's text meets first: through pipes (transforms) and wrappers. */
function unwrap(schema: core.SomeType): { def: Def; optional: boolean } {
  let optional = false;
  for (;;) {
    const def = defOf(schema);
    if (def.type === "pipe" && def.in) schema = def.in;
    else if (WRAPPERS.has(def.type) && def.innerType) {
      optional ||= def.type === "optional";
      schema = def.innerType;
    } else return { def, optional };
  }
}

/** The limits of one field's schema; none for a schema that is not a string. */
export function fieldLimits(schema: core.SomeType): FieldLimits {
  const { def, optional } = unwrap(schema);
  if (def.type !== "string") return {};
  let maximum = Infinity;
  let minimum = 0;
  for (const { _zod } of def.checks ?? []) {
    const { check, maximum: max, minimum: min, length } = _zod.def;
    if (check === "max_length" && max !== undefined) maximum = Math.min(maximum, max);
    if (check === "min_length" && min !== undefined) minimum = Math.max(minimum, min);
    if (check === "length_equals" && length !== undefined) {
      maximum = Math.min(maximum, length);
      minimum = Math.max(minimum, length);
    }
  }
  return {
    ...(Number.isFinite(maximum) ? { maxLength: maximum } : {}),
    ...(minimum > 0 && !optional ? { required: true as const } : {}),
  };
}

/** The limits of every field of a form's schema, as plain data for the form. */
export function formLimits(schema: core.SomeType): FormLimits {
  const { def } = unwrap(schema);
  if (def.type === "object" && def.shape) {
    return {
      fields: Object.fromEntries(Object.entries(def.shape).map(([name, field]) => [name, formLimits(field)])),
    };
  }
  if (def.type === "array" && def.element) return { item: formLimits(def.element) };
  return fieldLimits(schema);
}

/**
 * The limits of the field a form names by its dotted path ("blocks.2.title"): object keys, and
 * any key of a list for the list's item, a number or not ("heroImages.new.alt", the slot of an
 * item still to be added). Undefined where the form's schema has no such field.
 */
export function limitsAt(limits: FormLimits, path: string): FieldLimits | undefined {
  let node: FormLimits | undefined = limits;
  for (const key of path.split(".")) {
    if (node && "fields" in node) node = Object.hasOwn(node.fields, key) ? node.fields[key] : undefined;
    else if (node && "item" in node) node = node.item;
    else return undefined;
  }
  return node && !("fields" in node) && !("item" in node) ? node : undefined;
}
