import { createContext, useContext, useEffect } from "react";
import { useLocation } from "react-router";
import { env } from "../../../config/env.ts";
import { useLanguage } from "../copy/define-copy.ts";

export interface PageMetaData {
  title: string;
  description: string;
  type?: "website" | "article";
  /** The landing page's title already names the product. */
  bare?: boolean;
}

interface HeadTag {
  tag: "meta" | "link";
  key: string;
  attrs: Record<string, string>;
}

/** Filled during prerendering so the build can write each page's <head>. */
export const PageMetaCollectorContext = createContext<((meta: PageMetaData) => void) | null>(null);

export function documentTitle(meta: PageMetaData): string {
  return meta.bare ? meta.title : `${meta.title} — Sightline`;
}

export function canonicalUrl(pathname: string): string {
  const path = pathname === "/" ? "/" : pathname.replace(/\/+$/, "");
  return `${env.siteUrl}${path}`;
}

/** Description, canonical URL, Open Graph and Twitter card tags for one page. */
export function headTags(meta: PageMetaData, pathname: string, language = "en"): HeadTag[] {
  const url = canonicalUrl(pathname);
  const title = documentTitle(meta);
  return [
    { tag: "meta", key: "description", attrs: { name: "description", content: meta.description } },
    { tag: "link", key: "canonical", attrs: { rel: "canonical", href: url } },
    {
      tag: "meta",
      key: "og:type",
      attrs: { property: "og:type", content: meta.type ?? "website" },
    },
    { tag: "meta", key: "og:site_name", attrs: { property: "og:site_name", content: "Sightline" } },
    { tag: "meta", key: "og:title", attrs: { property: "og:title", content: title } },
    {
      tag: "meta",
      key: "og:description",
      attrs: { property: "og:description", content: meta.description },
    },
    { tag: "meta", key: "og:url", attrs: { property: "og:url", content: url } },
    {
      tag: "meta",
      key: "og:locale",
      attrs: { property: "og:locale", content: language === "es" ? "es_ES" : "en_US" },
    },
    { tag: "meta", key: "twitter:card", attrs: { name: "twitter:card", content: "summary" } },
    { tag: "meta", key: "twitter:title", attrs: { name: "twitter:title", content: title } },
    {
      tag: "meta",
      key: "twitter:description",
      attrs: { name: "twitter:description", content: meta.description },
    },
  ];
}

function selectorFor(tag: HeadTag): string {
  const attrs = tag.attrs;
  if (tag.tag === "link") return `link[rel="${attrs.rel}"]`;
  if (attrs.property) return `meta[property="${attrs.property}"]`;
  return `meta[name="${attrs.name}"]`;
}

function applyHeadTags(meta: PageMetaData, pathname: string, language: string) {
  document.title = documentTitle(meta);
  for (const tag of headTags(meta, pathname, language)) {
    let element = document.head.querySelector(selectorFor(tag));
    if (!element) {
      element = document.createElement(tag.tag);
      document.head.append(element);
    }
    for (const [name, value] of Object.entries(tag.attrs)) element.setAttribute(name, value);
  }
}

/**
 * A page's title and description: written into the prerendered <head> at build time, and kept
 * current in the browser on client-side navigation and language switches.
 */
export function PageMeta(meta: PageMetaData) {
  const collect = useContext(PageMetaCollectorContext);
  const { pathname } = useLocation();
  const language = useLanguage();
  collect?.(meta);
  const { title, description, type, bare } = meta;
  useEffect(() => {
    applyHeadTags({ title, description, type, bare }, pathname, language);
  }, [title, description, type, bare, pathname, language]);
  return null;
}
