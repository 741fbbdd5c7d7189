import { useId } from "react";
import { cn } from "../../utils/cn.ts";

/** The Sightline mark: an eye-shaped lens over rising bars, in the brand gradient. */
export function LogoMark({ className }: { className?: string }) {
  const gradient = `logo-gradient-${useId().replace(/:/g, "")}`;
  return (
    <svg
      viewBox="0 0 32 32"
      className={cn("size-8", className)}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path
        d="M9 21v-4M14 21v-7M19 21v-9M24 21V9"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("flex items-center gap-2", className)}>
      <LogoMark />
      <span className="text-lg font-bold tracking-tight text-slate-900">Sightline</span>
    </span>
  );
}
