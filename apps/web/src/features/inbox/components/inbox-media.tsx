import { type ComponentType, createContext, type ReactNode, useContext } from "react";

export type InboxAvatarProps = {
  src: string | null | undefined;
  igsid?: string | undefined;
  username?: string | undefined;
  alt: string;
  size?: number;
  className?: string;
};

type InboxMedia = {
  /** The Instagram avatar with the spec's failure chain (given by the route module). */
  Avatar: ComponentType<InboxAvatarProps>;
  /** An Instagram CDN address as the page may load it (through the media proxy). */
  mediaUrl: (src: string) => string;
};

const InboxMediaContext = createContext<InboxMedia | null>(null);

export function InboxMediaProvider({
  value,
  children,
}: {
  value: InboxMedia;
  children: ReactNode;
}) {
  return <InboxMediaContext value={value}>{children}</InboxMediaContext>;
}

export function useInboxMedia(): InboxMedia {
  const value = useContext(InboxMediaContext);
  if (!value) throw new Error("useInboxMedia must be used within an InboxMediaProvider.");
  return value;
}
