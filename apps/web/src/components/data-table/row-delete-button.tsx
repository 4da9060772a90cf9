/**
 * The red Delete button in a table row's actions cell; it asks the page to confirm (`onDelete`) and
 * keeps the click from reaching the row, whose own click opens it.
 */
export function RowDeleteButton({ onDelete }: { onDelete: () => void }) {
  return (
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        onDelete();
      }}
      className="rounded px-2 py-0.5 text-sm text-status-unhealthy hover:bg-status-unhealthy-soft"
    >
      Delete
    </button>
  );
}
