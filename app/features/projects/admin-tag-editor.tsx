import Plus from "lucide-react/icons/plus";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { Button } from "~/ui/button";
import { Input } from "~/ui/field";

/** List editor for tags: each tag is a hidden `tags` input of the surrounding form. */
export function TagEditor({ initial, maxLength }: { initial: string[]; maxLength?: number }) {
  const [tags, setTags] = useState(initial);
  const [draft, setDraft] = useState("");
  const add = () => {
    const tag = draft.trim();
    if (tag && !tags.includes(tag)) setTags([...tags, tag]);
    setDraft("");
  };
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Tags</legend>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label="Tags">
        {tags.map((tag) => (
          <li
            key={tag}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-700"
          >
            {tag}
            <input type="hidden" name="tags" value={tag} />
            <button
              type="button"
              onClick={() => setTags(tags.filter((other) => other !== tag))}
              className="rounded-full p-1 hover:bg-brand-100"
              aria-label={`Tag ${tag} entfernen`}
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-2 flex gap-2">
        <Input
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
          placeholder="Neuer Tag"
          aria-label="Neuer Tag"
          maxLength={maxLength}
        />
        <Button type="button" variant="secondary" onClick={add}>
          <Plus aria-hidden="true" className="size-4" />
          Hinzufügen
        </Button>
      </div>
    </fieldset>
  );
}
