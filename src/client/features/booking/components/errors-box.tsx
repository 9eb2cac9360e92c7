/** The error box under the slots (docs/product.md, Booking flow: all reservation messages are shown there). */
export function ErrorBox({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      {message}
    </p>
  );
}
