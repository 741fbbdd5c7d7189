import { FieldMessage } from "../../../components/ui/input.tsx";
import { useRecentPosts } from "../api/automations.ts";

/** The account's 12 newest posts to choose from (an automation on chosen posts). */
export function PostPicker({
  chosen,
  onChange,
  error,
}: {
  chosen: string[];
  onChange: (mediaIds: string[]) => void;
  error: string | undefined;
}) {
  const posts = useRecentPosts(true);
  const items = posts.data?.items ?? [];
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">Posts</legend>
      {posts.isPending ? (
        <p className="mt-1 text-sm text-slate-500">Loading your posts…</p>
      ) : posts.isError ? (
        <p className="mt-1 text-sm text-red-700">Your posts could not be loaded.</p>
      ) : (
        <ul className="mt-1 max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
          {items.map((post) => (
            <li key={post.id}>
              <label className="flex items-start gap-2 px-3 py-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={chosen.includes(post.id)}
                  onChange={(event) =>
                    onChange(
                      event.target.checked
                        ? [...chosen, post.id]
                        : chosen.filter((id) => id !== post.id),
                    )
                  }
                />
                <span className="min-w-0">
                  <span className="block truncate text-slate-900">
                    {post.caption?.trim() || "No caption"}
                  </span>
                  <span className="text-xs text-slate-500">
                    {post.typeLabel}
                    {post.postedAt ? ` · ${new Date(post.postedAt).toLocaleDateString()}` : ""}
                    {post.comments !== null ? ` · ${post.comments} comments` : ""}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldMessage id="post-picker-error">{error}</FieldMessage>
    </fieldset>
  );
}
