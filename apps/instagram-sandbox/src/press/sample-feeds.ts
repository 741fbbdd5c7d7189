import { createHash } from "node:crypto";
import type { Hono } from "hono";
import type { SandboxCore } from "../core/context.ts";

/**
 * Sample news feeds for Press Radar on a fresh machine (issue 17 point 5): an RSS 2.0 feed, an
 * Atom feed and a Spanish RSS feed that mention the demo accounts' brands (Lena Makes, Northfield
 * Coffee Roasters, Oona's baking). Items are dated relative to the sandbox clock, so they always
 * look recent; their ids never change, so a second fetch stores nothing new.
 */
type SampleItem = {
  id: string;
  title: string;
  body: string;
  hoursAgo: number;
};

type SampleFeed = {
  slug: string;
  title: string;
  description: string;
  format: "rss" | "atom";
  language: "en" | "es";
  site: string;
  items: SampleItem[];
};

export const sampleFeeds: readonly SampleFeed[] = [
  {
    slug: "berlin-makers-journal",
    title: "Berlin Makers Journal",
    description: "Studios, markets and the people who make things in Berlin.",
    format: "rss",
    language: "en",
    site: "https://berlin-makers.example",
    items: [
      {
        id: "bmj-2026-wedding-open-studios",
        title: "Wedding's open studios weekend draws record crowds",
        body: "More than forty studios opened their doors this weekend. Queues formed outside Lena Makes, the wheel-thrown stoneware studio run by Lena Hartmann, whose speckled mugs sold out within an hour. Visitors praised the beautiful glazes and the friendly workshop atmosphere.",
        hoursAgo: 5,
      },
      {
        id: "bmj-2026-ceramics-workshops",
        title: "Where to learn pottery in Berlin this winter",
        body: "From evening wheel classes to weekend hand-building courses, we list twelve workshops across the city. Lena Makes (@lena.makes on Instagram) runs small beginner classes in Wedding; Kiln & Kettle offers glazing days.",
        hoursAgo: 30,
      },
      {
        id: "bmj-2026-market-delays",
        title: "Christmas market stallholders report shipping delays",
        body: "Several makers told us that late deliveries of clay and glaze left them with empty shelves. Lena Makes warned customers that the December restock will be smaller than planned, a disappointing problem for collectors.",
        hoursAgo: 52,
      },
      {
        id: "bmj-2026-bike-lanes",
        title: "New bike lanes planned for Müllerstraße",
        body: "The district council approved two kilometres of protected lanes. Construction starts in spring.",
        hoursAgo: 70,
      },
    ],
  },
  {
    slug: "northfield-daily-ledger",
    title: "Northfield Daily Ledger",
    description: "News from Northfield, Minnesota.",
    format: "atom",
    language: "en",
    site: "https://northfield-ledger.example",
    items: [
      {
        id: "ndl-roaster-award",
        title: "Northfield Coffee Roasters wins regional roasting award",
        body: "The small-batch roaster on Division Street took gold for its washed Ethiopian. Owner staff called the win a wonderful surprise and thanked loyal customers for their amazing support.",
        hoursAgo: 3,
      },
      {
        id: "ndl-council-budget",
        title: "Northfield city council debates next year's budget",
        body: "Council members argued over road repairs and library hours in a long session on Tuesday night.",
        hoursAgo: 20,
      },
      {
        id: "ndl-subscription-complaints",
        title: "Readers complain about late coffee subscriptions",
        body: "Several readers wrote in about late and missing deliveries from Northfield Coffee's subscription service this month. The roaster blamed a carrier problem and apologised for the frustrating delays.",
        hoursAgo: 44,
      },
      {
        id: "ndl-bakery-pop-up",
        title: "Home baker's sourdough pop-up sells out",
        body: "Oona, who bakes at home and shares her progress as @oona.bakes, sold eighty loaves at the farmers market on Saturday.",
        hoursAgo: 80,
      },
    ],
  },
  {
    slug: "revista-ceramica-y-cafe",
    title: "Revista Cerámica y Café",
    description: "Artesanía, cerámica y café de especialidad.",
    format: "rss",
    language: "es",
    site: "https://ceramica-cafe.example",
    items: [
      {
        id: "rcc-tazas-berlin",
        title: "Las tazas de Lena Makes, un éxito en Berlín",
        body: "El estudio de cerámica Lena Makes presentó una colección de tazas de gres con esmaltes fantásticos. Una excelente noticia para los amantes de la cerámica artesanal.",
        hoursAgo: 8,
      },
      {
        id: "rcc-tostadores-quejas",
        title: "Quejas por retrasos en los envíos de café",
        body: "Varios clientes de Northfield Coffee Roasters denunciaron un problema con los envíos internacionales: pedidos perdidos y un servicio decepcionante.",
        hoursAgo: 36,
      },
      {
        id: "rcc-feria-madrid",
        title: "Feria de artesanía en Madrid",
        body: "Más de cien artesanos participarán en la feria de diciembre en el Matadero.",
        hoursAgo: 60,
      },
    ],
  },
];

const HOUR_MS = 3_600_000;

function escapeXml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

/** Items are published on the hour, so the document (and its ETag) changes once an hour. */
function itemDate(now: number, hoursAgo: number): Date {
  return new Date(Math.floor(now / HOUR_MS) * HOUR_MS - hoursAgo * HOUR_MS);
}

export function renderSampleFeed(feed: SampleFeed, now: number): string {
  const items = feed.items.map((item) => ({ ...item, date: itemDate(now, item.hoursAgo) }));
  const updated = items.reduce(
    (latest, item) => (item.date > latest ? item.date : latest),
    new Date(0),
  );
  if (feed.format === "atom") {
    const entries = items
      .map(
        (item) => `  <entry>
    <id>tag:${new URL(feed.site).hostname},2026:${item.id}</id>
    <title>${escapeXml(item.title)}</title>
    <link rel="alternate" href="${feed.site}/news/${item.id}"/>
    <updated>${item.date.toISOString()}</updated>
    <published>${item.date.toISOString()}</published>
    <summary type="html">${escapeXml(`<p>${item.body}</p>`)}</summary>
  </entry>`,
      )
      .join("\n");
    return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${feed.language}">
  <title>${escapeXml(feed.title)}</title>
  <subtitle>${escapeXml(feed.description)}</subtitle>
  <id>${feed.site}/</id>
  <link rel="alternate" href="${feed.site}/"/>
  <updated>${updated.toISOString()}</updated>
${entries}
</feed>
`;
  }
  const rssItems = items
    .map(
      (item) => `    <item>
      <title>${escapeXml(item.title)}</title>
      <link>${feed.site}/articles/${item.id}</link>
      <guid isPermaLink="false">${item.id}</guid>
      <pubDate>${item.date.toUTCString()}</pubDate>
      <description>${escapeXml(`<p>${item.body}</p>`)}</description>
    </item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0">
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${feed.site}/</link>
    <description>${escapeXml(feed.description)}</description>
    <language>${feed.language}</language>
    <lastBuildDate>${updated.toUTCString()}</lastBuildDate>
${rssItems}
  </channel>
</rss>
`;
}

/** `GET /press/<slug>.xml`, with ETag and Last-Modified, answering conditional requests with 304. */
export function registerPressFeedRoutes(routes: Hono, core: Pick<SandboxCore, "now">) {
  routes.get("/press", (c) =>
    c.json({
      feeds: sampleFeeds.map((feed) => ({
        slug: feed.slug,
        title: feed.title,
        path: `/press/${feed.slug}.xml`,
      })),
    }),
  );
  routes.get("/press/:file", (c) => {
    const slug = c.req.param("file").replace(/\.xml$/, "");
    const feed = sampleFeeds.find((candidate) => candidate.slug === slug);
    if (!feed || !c.req.param("file").endsWith(".xml")) return c.text("No such feed", 404);
    const body = renderSampleFeed(feed, core.now());
    const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
    const lastModified = itemDate(
      core.now(),
      Math.min(...feed.items.map((item) => item.hoursAgo)),
    ).toUTCString();
    const headers = {
      etag,
      "last-modified": lastModified,
      "cache-control": "no-cache",
    };
    const ifNoneMatch = c.req.header("if-none-match");
    const ifModifiedSince = c.req.header("if-modified-since");
    if (
      (ifNoneMatch !== undefined && ifNoneMatch === etag) ||
      (ifNoneMatch === undefined &&
        ifModifiedSince !== undefined &&
        Date.parse(ifModifiedSince) >= Date.parse(lastModified))
    ) {
      return c.body(null, 304, headers);
    }
    return c.body(body, 200, {
      ...headers,
      "content-type":
        feed.format === "atom"
          ? "application/atom+xml; charset=utf-8"
          : "application/rss+xml; charset=utf-8",
    });
  });
}
