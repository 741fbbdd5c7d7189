import { Tag } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import type { MediaUploads } from "../hooks/use-media-uploads.ts";
import type { Collaborator } from "../utils/collaborators.ts";
import { CoverPicker } from "./cover-picker.tsx";
import { PostPreview, type PreviewAccount } from "./post-preview.tsx";

/** The Live Preview beside the form (below it on phones), with Tag people and a video's cover. */
export function PreviewPanel({
  account,
  media,
  caption,
  hashtags,
  collaborators,
}: {
  account: PreviewAccount | null;
  media: MediaUploads;
  caption: string;
  hashtags: readonly string[];
  collaborators: readonly Collaborator[];
}) {
  const [isTagMode, setTagMode] = useState(false);
  const { items, selectedIndex } = media;
  const current = items[selectedIndex];
  return (
    <aside
      aria-label="Live Preview"
      className="space-y-3 border-t border-slate-200 bg-slate-50 p-5 lg:overflow-y-auto lg:border-l lg:border-t-0"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Live Preview</h3>
        <Button
          type="button"
          size="sm"
          variant={isTagMode ? "primary" : "outline"}
          aria-pressed={isTagMode}
          disabled={items.length === 0}
          onClick={() => setTagMode((on) => !on)}
        >
          <Tag aria-hidden="true" />
          Tag people
        </Button>
      </div>
      {isTagMode && current && (
        <p className="text-xs text-slate-600" role="status">
          Click on the photo where the person is, then type their username.
        </p>
      )}
      <PostPreview
        account={account}
        items={items}
        index={selectedIndex}
        onIndexChange={media.select}
        caption={caption}
        hashtags={hashtags}
        collaborators={collaborators}
        isTagMode={isTagMode}
        onAddTag={media.addItemTag}
        onRemoveTag={media.removeItemTag}
      />
      {current?.mediaType === "video" && (
        <CoverPicker
          key={current.id}
          item={current}
          onUseFrame={(video, time) => media.saveCoverFrame(current.id, video, time)}
        />
      )}
    </aside>
  );
}
