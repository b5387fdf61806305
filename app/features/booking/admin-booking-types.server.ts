import { z } from "zod";
import type { Db } from "~/platform/db/engines.server";
import { BOOKING_LOCATION_KINDS } from "~/platform/db/schema";
import { fieldErrors } from "~/platform/forms/schemas";
import { formLimits } from "~/platform/forms/field-limits";
export { NEW_TYPE_VALUES } from "./admin-fields";
import { formValues } from "~/platform/forms/guard.server";
import { refused, whole, type AdminOutcome } from "./admin-form.server";
import { BOOKING_ADMIN_MESSAGES as M } from "./admin-messages";
import {
  createBookingType,
  deleteBookingType,
  findBookingType,
  listBookingTypes,
  updateBookingType,
  type BookingType,
  type BookingTypeInput,
} from "./booking-types.server";

/** /admin/termine/arten: the owner's Termin-Arten, listed, created, changed and deleted. */

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** "Erstgespräch (30 Min.)" → "erstgespraech-30-min": the address a type gets without one. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/ä/g, "ae")
    .replace(/ö/g, "oe")
    .replace(/ü/g, "ue")
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

/** An optional cap: empty is none. */
const cap = z
  .string()
  .trim()
  .regex(/^(\d+)?$/, M.capInvalid)
  .transform((value) => (value === "" ? null : Number(value)))
  .pipe(z.number().int(M.capInvalid).min(1, M.capInvalid).max(1000, M.capInvalid).nullable());

const checkbox = z.string().transform((value) => value === "on");

export const BookingTypeFormSchema = z.object({
  name: z.string().trim().min(1, M.nameMissing).max(100, M.nameTooLong),
  slug: z
    .string()
    .trim()
    .max(80, M.slugInvalid)
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, M.slugInvalid),
  description: z.string().trim().max(2000, M.descriptionTooLong),
  duration_minutes: whole(5, 720, M.durationInvalid),
  location_kind: z.enum(BOOKING_LOCATION_KINDS, M.locationKindInvalid),
  location_detail: z.string().trim().max(500, M.locationDetailTooLong),
  buffer_before_minutes: whole(0, 720, M.bufferInvalid),
  buffer_after_minutes: whole(0, 720, M.bufferInvalid),
  min_notice_minutes: whole(0, 43_200, M.noticeInvalid),
  not_same_day: checkbox,
  horizon_days: whole(1, 730, M.horizonInvalid),
  max_per_day: cap,
  max_per_week: cap,
  requires_confirmation: checkbox,
  visible: checkbox,
});

export const BOOKING_TYPE_FIELDS = Object.keys(BookingTypeFormSchema.shape) as (keyof BookingTypeInput &
  keyof typeof BookingTypeFormSchema.shape)[];

/** A stored type as its form's values. */
export function typeValues(type: BookingType): Record<string, string> {
  const flag = (value: boolean) => (value ? "on" : "");
  return {
    name: type.name,
    slug: type.slug,
    description: type.description,
    duration_minutes: String(type.duration_minutes),
    location_kind: type.location_kind,
    location_detail: type.location_detail,
    buffer_before_minutes: String(type.buffer_before_minutes),
    buffer_after_minutes: String(type.buffer_after_minutes),
    min_notice_minutes: String(type.min_notice_minutes),
    not_same_day: flag(type.not_same_day),
    horizon_days: String(type.horizon_days),
    max_per_day: type.max_per_day === null ? "" : String(type.max_per_day),
    max_per_week: type.max_per_week === null ? "" : String(type.max_per_week),
    requires_confirmation: flag(type.requires_confirmation),
    visible: flag(type.visible),
  };
}

export async function loadBookingTypes(db: Db, editId: string | null) {
  const types = await listBookingTypes(db);
  const editing = editId ? types.find((type) => type.id === editId) : undefined;
  return {
    types,
    editing: editing ? { id: editing.id, values: typeValues(editing) } : undefined,
    limits: formLimits(BookingTypeFormSchema),
  };
}

/** "save" (with `id`: change, without: create) and "delete". */
export async function bookingTypesAction(db: Db, form: FormData): Promise<AdminOutcome> {
  const intent = form.get("intent");
  const id = typeof form.get("id") === "string" ? String(form.get("id")) : "";
  if (intent === "delete") {
    const result = await deleteBookingType(db, id);
    if (result === "deleted") return { ok: true, message: M.typeDeleted };
    return refused(
      "delete",
      {},
      undefined,
      result === "has-bookings" ? M.typeHasBookings : M.typeNotFound,
      result === "has-bookings" ? 409 : 404,
    );
  }
  if (intent !== "save") return refused(String(intent), {}, undefined, M.unknownAction);
  const values = formValues(form, BOOKING_TYPE_FIELDS);
  const parsed = BookingTypeFormSchema.safeParse(values);
  if (!parsed.success) return refused("save", fieldErrors(parsed.error), values);
  const slug = parsed.data.slug || slugOf(parsed.data.name);
  if (!SLUG.test(slug)) return refused("save", { slug: M.slugInvalid }, values);
  const input: BookingTypeInput = { ...parsed.data, slug };
  if (id) {
    if (!(await findBookingType(db, id))) return refused("save", {}, values, M.typeNotFound, 404);
    const saved = await updateBookingType(db, id, input);
    if (!saved) return refused("save", {}, values, M.typeNotFound, 404);
    if (saved.status === "slug-taken") return refused("save", { slug: M.slugTaken }, { ...values, slug });
    return { ok: true, message: M.typeSaved };
  }
  const saved = await createBookingType(db, input);
  if (saved.status === "slug-taken") return refused("save", { slug: M.slugTaken }, { ...values, slug });
  return { ok: true, message: M.typeCreated };
}
