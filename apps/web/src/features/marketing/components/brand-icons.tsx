import type { SVGProps } from "react";
import type { Channel } from "../config/site.ts";

type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, ...props }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

/** Simple monochrome marks (lucide ships no brand icons); they take the text colour. */
const icons: Record<Channel, (props: IconProps) => React.JSX.Element> = {
  instagram: (props) => (
    <Svg fill="none" stroke="currentColor" strokeWidth={2} {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="1.1" fill="currentColor" stroke="none" />
    </Svg>
  ),
  facebook: (props) => (
    <Svg fill="currentColor" {...props}>
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.8 1.4-3.8 3.9v2.3H7.9v3h2.6V21z" />
    </Svg>
  ),
  threads: (props) => (
    <Svg fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" {...props}>
      <path d="M16 12a4 4 0 1 1-1.2-2.9" />
      <path d="M16 9v3.5a2.5 2.5 0 0 0 5 0V12a9 9 0 1 0-3.6 7.2" />
    </Svg>
  ),
  tiktok: (props) => (
    <Svg fill="currentColor" {...props}>
      <path d="M14.2 3h2.9a4.3 4.3 0 0 0 3.9 3.9v3a7.1 7.1 0 0 1-3.9-1.2v6.2A5.9 5.9 0 1 1 11.2 9v3.1a2.9 2.9 0 1 0 3 2.8z" />
    </Svg>
  ),
  youtube: (props) => (
    <Svg fill="currentColor" {...props}>
      <path
        fillRule="evenodd"
        d="M6 5h12a4 4 0 0 1 4 4v6a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4V9a4 4 0 0 1 4-4zm4 3.8v6.4l5.4-3.2z"
      />
    </Svg>
  ),
  linkedin: (props) => (
    <Svg fill="currentColor" {...props}>
      <path
        fillRule="evenodd"
        d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm1.6 6.6V18h2.7V9.6zM8 5.4a1.6 1.6 0 1 0 0 3.2 1.6 1.6 0 0 0 0-3.2zm3 4.2V18h2.7v-4.2c0-1.1.5-1.9 1.4-1.9.9 0 1.3.7 1.3 1.9V18h2.7v-4.8c0-2.4-1.2-3.8-3.2-3.8-1.1 0-1.9.5-2.2 1.1v-.9z"
      />
    </Svg>
  ),
  pinterest: (props) => (
    <Svg fill="currentColor" {...props}>
      <path
        fillRule="evenodd"
        d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zM9.2 6.5v11h2.3v-3.6h1.7a3.7 3.7 0 0 0 0-7.4zm2.3 2.1v3.2h1.6a1.6 1.6 0 0 0 0-3.2z"
      />
    </Svg>
  ),
  x: (props) => (
    <Svg fill="currentColor" {...props}>
      <path d="M17.8 3h3l-6.6 7.6L22 21h-6.1l-4.8-6.3L5.6 21h-3l7.1-8.1L2.2 3h6.2l4.3 5.7zm-1 16.2h1.7L7.3 4.7H5.5z" />
    </Svg>
  ),
};

export function BrandIcon({ channel, ...props }: IconProps & { channel: Channel }) {
  const Icon = icons[channel];
  return <Icon {...props} />;
}
