// "Expiring documents…" in the Changes view: what expires across studies is a change to act on too.
export function ExpiringAction({ onOpen }: { onOpen: () => void }) {
  return (
    <button type="button" data-testid="changes-expiring" onClick={onOpen}>
      Expiring documents…
    </button>
  );
}
