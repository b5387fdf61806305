import Trash2 from "lucide-react/icons/trash";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/dialog";
import { cn } from "~/ui/cn";

/**
 * An admin list as a table from `lg` up (1024 px) and as a list of cards below (phones and tablets), from the same markup: the
 * rows and cells stay what assistive technology and the tests read, the column heads are left to
 * screen readers on a phone, and each card shows the column names with CSS. Browsers have
 * dropped the table semantics of elements whose `display` changes, hence the explicit roles.
 */
export function AdminTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="relative lg:overflow-x-auto lg:rounded-2xl lg:border lg:border-slate-200">
      <table role="table" className="w-full text-left text-sm max-lg:block">
        <thead role="rowgroup" className="bg-slate-50 text-slate-700 max-lg:sr-only">
          <tr role="row">
            {columns.map((column) => (
              <th key={column} scope="col" role="columnheader" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-lg:block max-lg:space-y-3 lg:divide-y lg:divide-slate-200">
          {children}
        </tbody>
      </table>
    </div>
  );
}

export function AdminRow({ children }: { children: ReactNode }) {
  return (
    <tr
      role="row"
      className="max-lg:grid max-lg:gap-2 max-lg:rounded-2xl max-lg:border max-lg:border-slate-200 max-lg:p-4"
    >
      {children}
    </tr>
  );
}

/**
 * One cell; with a `label`, the card shows it beside the value. The label is generated content
 * with an empty alternative text, so it is neither part of the cell's text nor read twice.
 */
export function AdminCell({
  label,
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      role="cell"
      data-label={label}
      className={cn(
        "max-lg:block lg:px-4 lg:py-3",
        label &&
          "max-lg:flex max-lg:justify-between max-lg:gap-4 max-lg:text-right max-lg:wrap-anywhere max-lg:before:shrink-0 max-lg:before:font-medium max-lg:before:text-slate-500 max-lg:before:content-[attr(data-label)_/_'']",
        className,
      )}
    >
      {children}
    </td>
  );
}

/** The row's buttons: side by side, on a phone full height and sharing the card's width. */
export function AdminActions({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div
      className={cn(
        "flex gap-2 max-lg:flex-wrap max-lg:*:h-11 max-lg:*:flex-1 max-lg:*:border max-lg:*:border-slate-200",
        className,
      )}
    >
      {children}
    </div>
  );
}

/** Sets a card's actions apart from its content on a phone. */
export const actionsApart = "max-lg:mt-1 max-lg:border-t max-lg:border-slate-100 max-lg:pt-3";

/** The cell that holds a row's actions, set apart at the foot of the card. */
export function AdminActionsCell({ children }: { children: ReactNode }) {
  return (
    <AdminCell className={actionsApart}>
      <AdminActions>{children}</AdminActions>
    </AdminCell>
  );
}

/**
 * A row's delete button (`label`, e.g. "Löschen"): asks with `title` and `description` first,
 * then posts the row's `id` to the page's own action. Screen readers hear which row: `name`.
 */
export function DeleteRowButton({
  id,
  name,
  label,
  title,
  description,
}: {
  id: string;
  name: string;
  label: string;
  title: string;
  description: string;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger" size="sm">
          <Trash2 aria-hidden="true" className="size-4" />
          {label}
          <span className="sr-only">: {name}</span>
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={label}
      cancelLabel="Abbrechen"
      form={(submit) => (
        <Form method="post">
          <input type="hidden" name="id" value={id} />
          {submit}
        </Form>
      )}
    />
  );
}
