import { PAGINATION_MESSAGES } from "../../../../shared/messages.js";
import { Button } from "../../../ui/button.js";

interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The next page of a console list, appended below the rows already shown. The button stays in
 * place while it loads (aria-busy), so focus stays on it and the next press asks for the next page.
 */
export function LoadMore({ list, label = PAGINATION_MESSAGES.loadMore }: { list: PagedList; label?: string }) {
  if (!list.hasNextPage) return null;
  const loading = list.isFetchingNextPage;
  return (
    <Button
      variant="secondary"
      className="w-full sm:w-auto"
      aria-busy={loading}
      aria-disabled={loading}
      onClick={() => {
        if (!loading) list.fetchNextPage();
      }}
    >
      {loading ? PAGINATION_MESSAGES.loadingMore : label}
    </Button>
  );
}
