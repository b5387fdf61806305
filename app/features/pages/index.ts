/** What other features use of pages: the only way in from outside the folder. */
export { EditorFields, EditorSection, MarkdownField, TextField } from "./admin-editor-fields";
export { PreviewNotice } from "./preview-notice";
