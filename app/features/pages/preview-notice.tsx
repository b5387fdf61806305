import Eye from "lucide-react/icons/eye";

/** Above a draft preview: only the signed-in owner ever sees it. */
export function PreviewNotice() {
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-2 text-sm font-medium sm:px-6">
        <Eye aria-hidden="true" className="size-4 shrink-0" />
        Vorschau des Entwurfs – nur für dich sichtbar. Besucher sehen die veröffentlichte Fassung.
      </p>
    </div>
  );
}
