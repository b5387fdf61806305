/**
 * A public form's identity: its key (which answer belongs to which form on a page), the page it
 * posts to (`index` for a layout's index route, as `?index`; a `:name` segment for any one, as in
 * `/termine/:art`), the `intent` that tells it from
 * another form on the same page, and its failure toast. Each feature declares its own forms;
 * app/public-forms.ts lists them for the flood front (server/public-form-posts.ts).
 */
export type PublicForm = {
  form: string;
  path: string;
  index?: boolean;
  intent?: string;
  failure: { title: string; description: string };
};
