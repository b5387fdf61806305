import PlugZap from "lucide-react/icons/plug-zap";
import Trash2 from "lucide-react/icons/trash-2";
import { Form } from "react-router";
import { requireAdmin } from "~/features/auth/index.server";
import { databaseContext } from "~/platform/http/request-context";
import { cn } from "~/ui/cn";
import { FormStatus, InputField } from "~/ui/field";
import type { Route } from "./+types/admin-booking-calendars";
import { answer } from "./admin-form.server";
import {
  calendarsAction,
  checkStoredCalDav,
  loadCalendars,
  type SourceStatus,
} from "./admin-booking-calendars.server";
import { BookingAdminFrame, ConfirmAction, SubmitButton } from "./admin-booking-parts";
import { BOOKING_ADMIN_MESSAGES as M } from "./admin-messages";

/**
 * /admin/termine/kalender: the ICS feeds and the CalDAV calendar whose busy times block slots,
 * each with how it reads now. The stored app password never goes into the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return loadCalendars(await context.get(databaseContext));
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = await context.get(databaseContext);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "check-caldav") return { check: await checkStoredCalDav(db) };
  return answer("/admin/termine/kalender", await calendarsAction(db, form));
}

export default function AdminBookingCalendars({ loaderData, actionData }: Route.ComponentProps) {
  const { feeds, calDav, complete } = loaderData;
  const check = actionData && "check" in actionData ? actionData.check : undefined;
  const failed = actionData && "ok" in actionData && !actionData.ok ? actionData : undefined;
  const feedFailed = failed?.intent === "add-feed" ? failed : undefined;
  const calDavFailed = failed?.intent === "save-caldav" ? failed : undefined;
  return (
    <BookingAdminFrame intro={M.calendarsIntro}>
      {failed && failed.intent === "delete-feed" && <FormStatus result={failed} />}
      {!complete && (
        <p role="alert" className="max-w-3xl rounded-2xl border border-red-300 bg-red-50 p-4 text-red-900">
          {M.someUnreadable}
        </p>
      )}
      <section aria-labelledby="booking-feeds" className="max-w-3xl space-y-4">
        <h3 id="booking-feeds" className="text-lg font-semibold text-slate-900">
          {M.feedsHeading}
        </h3>
        {feeds.length === 0 ? (
          <p className="text-slate-600">{M.noFeeds}</p>
        ) : (
          <ul className="space-y-2">
            {feeds.map((feed) => (
              <li
                key={feed.id}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <p className="font-semibold text-slate-900">{feed.label}</p>
                  <p className="text-sm wrap-anywhere text-slate-600">{feed.url}</p>
                  {feed.status && <Status status={feed.status} />}
                </div>
                <ConfirmAction
                  intent="delete-feed"
                  id={feed.id}
                  title={M.deleteFeedTitle}
                  description={M.deleteFeedConfirm}
                  label="Entfernen"
                  icon={Trash2}
                  subject={feed.label}
                  className="self-start"
                />
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
          {feedFailed && <FormStatus result={feedFailed} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              id="feed-label"
              name="label"
              label={M.feedLabel}
              required
              maxLength={100}
              error={feedFailed?.errors.label}
              defaultValue={feedFailed?.values?.label ?? ""}
            />
            <InputField
              id="feed-url"
              name="url"
              label={M.feedUrl}
              hint={M.feedUrlHint}
              required
              maxLength={2000}
              inputMode="url"
              error={feedFailed?.errors.url}
              defaultValue={feedFailed?.values?.url ?? ""}
            />
          </div>
          <SubmitButton intent="add-feed">{M.addFeed}</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="booking-caldav" className="max-w-3xl space-y-4">
        <h3 id="booking-caldav" className="text-lg font-semibold text-slate-900">
          {M.calDavHeading}
        </h3>
        <p className="text-slate-600">{M.calDavIntro}</p>
        {calDav.status && <Status status={calDav.status} />}
        <Form method="post" className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
          {calDavFailed && <FormStatus result={calDavFailed} />}
          <InputField
            id="caldav-url"
            name="caldav_url"
            label={M.calDavUrl}
            inputMode="url"
            required
            maxLength={2000}
            error={calDavFailed?.errors.caldav_url}
            defaultValue={calDavFailed?.values?.caldav_url ?? calDav.url}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              id="caldav-username"
              name="caldav_username"
              label={M.calDavUsername}
              autoComplete="off"
              required
              maxLength={254}
              error={calDavFailed?.errors.caldav_username}
              defaultValue={calDavFailed?.values?.caldav_username ?? calDav.username}
            />
            <InputField
              id="caldav-password"
              name="caldav_password"
              type="password"
              label={M.calDavPassword}
              autoComplete="new-password"
              maxLength={500}
              required={!calDav.passwordStored}
              {...(calDav.passwordStored && { hint: M.calDavPasswordStored })}
              error={calDavFailed?.errors.caldav_password}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <SubmitButton intent="save-caldav">{M.saveCalDav}</SubmitButton>
          </div>
        </Form>
        {calDav.passwordStored && (
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <SubmitButton intent="check-caldav" variant="secondary" pendingLabel="Wird geprüft …">
                <PlugZap aria-hidden="true" className="size-4" />
                {M.checkCalDav}
              </SubmitButton>
            </Form>
            <ConfirmAction
              intent="remove-caldav"
              id="caldav"
              title={M.removeCalDavTitle}
              description={M.removeCalDavConfirm}
              label={M.removeCalDav}
              icon={Trash2}
              variant="dangerOutline"
              size="md"
            />
          </div>
        )}
        {check && <FormStatus result={{ ok: check.ok, title: check.text }} />}
      </section>
    </BookingAdminFrame>
  );
}

function Status({ status }: { status: SourceStatus }) {
  return (
    <div className={cn("text-sm", status.ok ? "text-emerald-800" : "text-red-800")}>
      <p className="font-medium">{status.ok ? M.statusOk : status.error}</p>
      {status.lastGood && <p className="text-slate-600">{M.statusLastGood(status.lastGood)}</p>}
      {!status.ok && !status.lastGood && <p>{M.statusBlocking}</p>}
    </div>
  );
}
