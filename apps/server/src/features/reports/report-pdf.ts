import {
  formatChange,
  formatCount,
  formatDay,
  formatRate,
  responseTimeKindLabels,
  responseTimeKinds,
  responseTimeRows,
} from "@sightline/contracts";
import PDFDocument from "pdfkit";
import type { ReportAccount, ReportData } from "./report-data.ts";

/*
 * The report as a PDF (issue 33 point 4), drawn with pdfkit on the server: text, tables and
 * charts are vectors (no screenshot of a page, no browser). The built-in Helvetica covers
 * Latin-1, so text is reduced to what it can draw (an emoji in a caption is left out).
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = A4[0] - MARGIN * 2;
const INK = "#0f172a";
const MUTED = "#64748b";
const RULE = "#e2e8f0";
/** A thumbnail that could not be read: a neutral box where it would be. */
const PLACEHOLDER = "#f1f5f9";
const THUMBNAIL = 34;

const kpiOrder = [
  "reach",
  "accountsEngaged",
  "views",
  "interactions",
  "profileVisits",
  "websiteTaps",
] as const;

/** Characters Helvetica (WinAnsi) draws: Latin-1 and a few typographic marks. */
export function drawableText(text: string): string {
  return text
    .normalize("NFC")
    .replace(
      /[^\t\n\r\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/gu,
      "",
    )
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}

export type ReportImages = {
  /** The workspace's logo when it is a PNG or JPEG (pdfkit draws no WebP). */
  logo?: Uint8Array | undefined;
  /** Top posts' thumbnails by post id (JPEG or PNG); a post without one gets a placeholder. */
  posts?: ReadonlyMap<string, Uint8Array> | undefined;
};

export function isPdfImage(bytes: Uint8Array): boolean {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg;
}

export async function renderReportPdf(
  data: ReportData,
  workspace: { name: string },
  images: ReportImages = {},
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: A4,
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: drawableText(`${data.report.name} – ${data.period.label}`),
      Author: drawableText(workspace.name),
      Creator: "Sightline",
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const accent = data.report.accentColor;

  cover(doc, data, workspace, accent, images);
  data.accounts.forEach((account, index) => {
    // The first account starts on the cover, below the note; each other on a page of its own.
    if (index === 0) doc.moveDown(2);
    else doc.addPage();
    accountPages(doc, data, account, accent, images.posts ?? new Map());
  });
  footers(doc, data, workspace);
  doc.end();
  return done;
}

type Doc = PDFKit.PDFDocument;

function room(doc: Doc, needed: number) {
  if (doc.y + needed > A4[1] - MARGIN - 24) doc.addPage();
}

function heading(doc: Doc, text: string, accent: string) {
  // A heading never ends a page: it keeps room for its first lines or table rows.
  room(doc, 110);
  doc.moveDown(0.8);
  doc.font("Helvetica-Bold").fontSize(13).fillColor(accent).text(drawableText(text), MARGIN);
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 8;
  doc.fillColor(INK);
}

function note(doc: Doc, text: string) {
  doc.font("Helvetica").fontSize(9).fillColor(MUTED).text(drawableText(text), MARGIN, doc.y, {
    width: WIDTH,
  });
  doc.fillColor(INK);
}

function cover(
  doc: Doc,
  data: ReportData,
  workspace: { name: string },
  accent: string,
  images: ReportImages,
) {
  doc.rect(0, 0, A4[0], 10).fill(accent);
  let top = MARGIN + 10;
  if (images.logo && isPdfImage(images.logo)) {
    try {
      doc.image(Buffer.from(images.logo), MARGIN, top, { fit: [140, 56] });
      top += 72;
    } catch {
      // A logo pdfkit cannot read is left out; the report still goes.
    }
  }
  doc
    .font("Helvetica")
    .fontSize(11)
    .fillColor(MUTED)
    .text(drawableText(workspace.name), MARGIN, top);
  doc.moveDown(0.4);
  doc.font("Helvetica-Bold").fontSize(26).fillColor(INK).text(drawableText(data.report.name), {
    width: WIDTH,
  });
  doc.moveDown(0.2);
  doc.font("Helvetica").fontSize(14).fillColor(accent).text(drawableText(data.period.label));
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `${formatDay(data.period.from)} to ${formatDay(data.period.to)} (${data.report.timeZone})`,
    );
  const handles = data.accounts
    .map((account) => (account.connected ? `@${account.username}` : null))
    .filter((handle): handle is string => handle !== null);
  if (handles.length > 0) {
    doc.moveDown(0.6);
    doc
      .font("Helvetica")
      .fontSize(11)
      .fillColor(INK)
      .text(drawableText(handles.join(", ")), {
        width: WIDTH,
      });
  }
  if (data.report.coverNote.trim()) {
    doc.moveDown(1.2);
    const y = doc.y;
    doc.font("Helvetica").fontSize(11).fillColor(INK);
    const text = drawableText(data.report.coverNote);
    const height = doc.heightOfString(text, { width: WIDTH - 24 });
    doc.rect(MARGIN, y - 6, 3, height + 12).fill(accent);
    doc.fillColor(INK).text(text, MARGIN + 16, y, { width: WIDTH - 24 });
  }
}

function accountPages(
  doc: Doc,
  data: ReportData,
  account: ReportAccount,
  accent: string,
  thumbnails: ReadonlyMap<string, Uint8Array>,
) {
  if (!account.connected) {
    doc.font("Helvetica-Bold").fontSize(18).fillColor(INK).text(`Account ${account.accountId}`);
    note(doc, "This account is no longer connected to the workspace: it has no figures.");
    return;
  }
  doc
    .font("Helvetica-Bold")
    .fontSize(20)
    .fillColor(INK)
    .text(`@${drawableText(account.username)}`, MARGIN);
  if (account.name) note(doc, account.name);
  const { kpis } = account.overview;
  const sections = data.report.sections;

  if (sections.includes("kpis")) {
    heading(doc, "Key figures", accent);
    const cells: Array<{ label: string; value: string; change: string }> = [
      {
        label: "Followers",
        value: formatCount(kpis.followers.value),
        change:
          kpis.followers.change === null
            ? "no growth stored"
            : `${kpis.followers.change >= 0 ? "+" : ""}${formatCount(kpis.followers.change)} new in the period`,
      },
      ...kpiOrder.map((name) => ({
        label: kpis[name].label,
        value: formatCount(kpis[name].value),
        change: formatChange(kpis[name].changePct),
      })),
      {
        label: kpis.engagementRate.label,
        value: formatRate(kpis.engagementRate.value),
        change: formatChange(kpis.engagementRate.changePct),
      },
    ];
    const columns = 4;
    const cellWidth = WIDTH / columns;
    const cellHeight = 58;
    const top = doc.y;
    cells.forEach((cell, index) => {
      const x = MARGIN + (index % columns) * cellWidth;
      const y = top + Math.floor(index / columns) * (cellHeight + 8);
      doc
        .roundedRect(x + 2, y, cellWidth - 4, cellHeight, 4)
        .lineWidth(0.75)
        .strokeColor(RULE)
        .stroke();
      doc
        .font("Helvetica")
        .fontSize(8)
        .fillColor(MUTED)
        .text(drawableText(cell.label), x + 10, y + 8, {
          width: cellWidth - 20,
          height: 10,
          ellipsis: true,
        });
      doc
        .font("Helvetica-Bold")
        .fontSize(16)
        .fillColor(INK)
        .text(cell.value, x + 10, y + 21, {
          width: cellWidth - 20,
          lineBreak: false,
        });
      doc
        .font("Helvetica")
        .fontSize(7.5)
        .fillColor(MUTED)
        .text(cell.change, x + 10, y + 42, {
          width: cellWidth - 20,
          lineBreak: false,
          ellipsis: true,
        });
    });
    doc.y = top + Math.ceil(cells.length / columns) * (cellHeight + 8);
    doc.x = MARGIN;
    heading(doc, "Reach per day", accent);
    lineChart(doc, kpis.reach.series, accent);
  }

  if (sections.includes("growth")) {
    heading(doc, "Follower growth", accent);
    const net = kpis.followers.net;
    note(
      doc,
      net
        ? `Net growth ${net.value >= 0 ? "+" : ""}${formatCount(net.value)} (${formatCount(net.follows)} follows, ${formatCount(net.unfollows)} unfollows over ${net.days} stored days). Bars: new followers per day.`
        : "No follows and unfollows are stored for this period. Bars: new followers per day.",
    );
    doc.moveDown(0.4);
    barChart(doc, kpis.followers.series, accent);
  }

  if (sections.includes("top-posts")) {
    heading(doc, "Top posts by reach", accent);
    if (account.overview.topPosts.length === 0)
      note(doc, "No posts were published in this period.");
    const thumbnailColumn = THUMBNAIL + 8;
    table(
      doc,
      [
        { title: "", width: thumbnailColumn },
        { title: "Posted", width: 62 },
        { title: "Type", width: 50 },
        { title: "Caption", width: WIDTH - thumbnailColumn - 62 - 50 - 4 * 52 },
        { title: "Reach", width: 52, align: "right" },
        { title: "Likes", width: 52, align: "right" },
        { title: "Comments", width: 52, align: "right" },
        { title: "Eng. rate", width: 52, align: "right" },
      ],
      account.overview.topPosts.map((post) => [
        "",
        formatDay(post.postedAt, data.report.timeZone),
        post.typeLabel,
        post.caption ?? "",
        formatCount(post.reach),
        formatCount(post.likes),
        formatCount(post.comments),
        formatRate(post.engagementRate),
      ]),
      accent,
      {
        rowHeight: THUMBNAIL + 6,
        thumbnails: account.overview.topPosts.map((post) => thumbnails.get(post.id)),
      },
    );
  }

  if (sections.includes("audience") && account.audience) {
    heading(doc, "Audience", accent);
    const { audience } = account;
    note(
      doc,
      `${formatCount(audience.followersCount)} followers${
        audience.growth.rate && audience.growth.rate.ratePct !== null
          ? `; ${audience.growth.rate.netChange >= 0 ? "+" : ""}${formatCount(audience.growth.rate.netChange)} (${audience.growth.rate.ratePct.toFixed(1)}%) over the ${audience.growth.rate.days} days to ${formatDay(audience.growth.rate.to)}`
          : ""
      }.`,
    );
    if (audience.demographicsLocked) {
      note(doc, "Demographics are advanced analytics, not in this workspace's plan.");
    } else {
      const rows: string[][] = [];
      for (const [breakdown, snapshot] of Object.entries(audience.demographics)) {
        if (!snapshot) continue;
        const top = [...snapshot.buckets].sort((a, b) => b.value - a.value).slice(0, 3);
        rows.push([
          breakdownLabel(breakdown),
          top
            .map((bucket) => `${bucket.dimensions.join(" ")} ${formatRate(bucket.share)}`)
            .join(", "),
        ]);
      }
      if (rows.length === 0) note(doc, audience.demographicsNotice ?? "No demographics stored.");
      else {
        doc.moveDown(0.4);
        table(
          doc,
          [
            { title: "Followers by", width: 110 },
            { title: "Largest groups (share of followers)", width: WIDTH - 110 },
          ],
          rows,
          accent,
        );
      }
    }
  }

  if (sections.includes("posts-table")) {
    heading(doc, "Post performance", accent);
    if (account.posts.length === 0) note(doc, "No posts were published in this period.");
    table(
      doc,
      [
        { title: "Posted", width: 64 },
        { title: "Type", width: 50 },
        { title: "Caption", width: WIDTH - 64 - 50 - 6 * 46 },
        { title: "Reach", width: 46, align: "right" },
        { title: "Views", width: 46, align: "right" },
        { title: "Likes", width: 46, align: "right" },
        { title: "Comm.", width: 46, align: "right" },
        { title: "Saves", width: 46, align: "right" },
        { title: "Eng.", width: 46, align: "right" },
      ],
      account.posts.map((post) => [
        formatDay(post.postedAt, data.report.timeZone),
        post.typeLabel,
        post.caption ?? "",
        formatCount(post.reach),
        formatCount(post.views),
        formatCount(post.likes),
        formatCount(post.comments),
        formatCount(post.saves),
        formatRate(post.engagementRate),
      ]),
      accent,
    );
  }

  if (sections.includes("response-times") && account.responseTimes) {
    heading(doc, "Inbox response times", accent);
    note(
      doc,
      "Time from a person's first unanswered comment or message to the account's reply, for what arrived in the period.",
    );
    doc.moveDown(0.4);
    table(
      doc,
      [
        { title: "", width: WIDTH - 2 * 120 },
        ...responseTimeKinds.map((kind) => ({
          title: responseTimeKindLabels[kind],
          width: 120,
          align: "right" as const,
        })),
      ],
      responseTimeRows.map(([label, value]) => [
        label,
        ...responseTimeKinds.map((kind) => value(account.responseTimes![kind])),
      ]),
      accent,
    );
  }

  if (sections.includes("analyst")) {
    heading(doc, "The Analyst's explanations", accent);
    if (!account.analyst) {
      note(doc, "The AI team's Analyst has not written about this account yet.");
    } else {
      doc
        .font("Helvetica-Bold")
        .fontSize(11)
        .fillColor(INK)
        .text(drawableText(account.analyst.headline), {
          width: WIDTH,
        });
      doc.moveDown(0.3);
      for (const paragraph of account.analyst.paragraphs) {
        room(doc, 40);
        doc
          .font("Helvetica")
          .fontSize(10)
          .fillColor(INK)
          .text(drawableText(paragraph), { width: WIDTH });
        doc.moveDown(0.4);
      }
      note(
        doc,
        `${account.analyst.writer}, ${formatDay(account.analyst.computedAt, data.report.timeZone)}.`,
      );
    }
  }
}

function breakdownLabel(breakdown: string): string {
  const labels: Record<string, string> = {
    age: "Age",
    gender: "Gender",
    "age,gender": "Age and gender",
    country: "Country",
    city: "City",
  };
  return labels[breakdown] ?? breakdown;
}

type Column = { title: string; width: number; align?: "left" | "right" };

/** A post's thumbnail, cropped to a square; a neutral box when there is none or pdfkit refuses it. */
function thumbnail(doc: Doc, bytes: Uint8Array | undefined, x: number, y: number, size: number) {
  doc.roundedRect(x, y, size, size, 3).fill(PLACEHOLDER);
  if (bytes && isPdfImage(bytes)) {
    doc.save();
    try {
      doc.roundedRect(x, y, size, size, 3).clip();
      doc.image(Buffer.from(bytes), x, y, {
        cover: [size, size],
        align: "center",
        valign: "center",
      });
    } catch {
      // An image pdfkit cannot read leaves the box: the report still goes.
    } finally {
      doc.restore();
    }
  }
  doc.roundedRect(x, y, size, size, 3).lineWidth(0.5).strokeColor(RULE).stroke();
}

type TableOptions = {
  rowHeight?: number;
  /** The first column holds each row's thumbnail (undefined: a placeholder box). */
  thumbnails?: Array<Uint8Array | undefined>;
};

function table(
  doc: Doc,
  columns: Column[],
  rows: string[][],
  accent: string,
  options: TableOptions = {},
) {
  if (rows.length === 0) return;
  const rowHeight = options.rowHeight ?? 24;
  // Text sits in the middle of a row taller than the usual two lines.
  const textTop = 2 + Math.max(0, (rowHeight - 24) / 2);
  const header = () => {
    room(doc, 40);
    const y = doc.y;
    let x = MARGIN;
    doc.font("Helvetica-Bold").fontSize(8).fillColor(accent);
    for (const column of columns) {
      doc.text(column.title, x + 3, y, {
        width: column.width - 6,
        align: column.align ?? "left",
        lineBreak: false,
      });
      x += column.width;
    }
    doc.y = y + 14;
    doc
      .moveTo(MARGIN, doc.y - 3)
      .lineTo(MARGIN + WIDTH, doc.y - 3)
      .lineWidth(0.5)
      .strokeColor(accent)
      .stroke();
  };
  header();
  rows.forEach((row, rowIndex) => {
    if (doc.y + rowHeight > A4[1] - MARGIN - 24) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    let x = MARGIN;
    row.forEach((cell, index) => {
      const column = columns[index]!;
      if (index === 0 && options.thumbnails) {
        thumbnail(doc, options.thumbnails[rowIndex], x + 3, y + 2, rowHeight - 6);
        x += column.width;
        return;
      }
      doc.font("Helvetica").fontSize(8).fillColor(INK);
      doc.text(drawableText(cell).replace(/\s+/g, " "), x + 3, y + textTop, {
        width: column.width - 6,
        height: 20,
        align: column.align ?? "left",
        ellipsis: true,
      });
      x += column.width;
    });
    doc.y = y + rowHeight;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + WIDTH, doc.y - 2)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  });
  doc.x = MARGIN;
}

type Point = { day: string; value: number | null };

function chartFrame(doc: Doc, series: Point[], height: number) {
  room(doc, height + 30);
  const top = doc.y;
  const values = series
    .map((point) => point.value)
    .filter((value): value is number => value !== null);
  const max = Math.max(1, ...values);
  doc.font("Helvetica").fontSize(7).fillColor(MUTED);
  doc.text(formatCount(max), MARGIN, top - 2, { width: 40, lineBreak: false });
  doc.text("0", MARGIN, top + height - 6, { width: 40, lineBreak: false });
  const left = MARGIN + 42;
  const width = WIDTH - 42;
  doc
    .moveTo(left, top + height)
    .lineTo(left + width, top + height)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc
    .moveTo(left, top)
    .lineTo(left + width, top)
    .lineWidth(0.3)
    .strokeColor(RULE)
    .dash(2, { space: 2 })
    .stroke()
    .undash();
  if (series.length > 0) {
    doc.text(formatDay(series[0]!.day), left, top + height + 4, { width: 100, lineBreak: false });
    doc.text(formatDay(series.at(-1)!.day), left + width - 100, top + height + 4, {
      width: 100,
      align: "right",
      lineBreak: false,
    });
  }
  return { top, left, width, max, values };
}

function lineChart(doc: Doc, series: Point[], accent: string, height = 90) {
  const { top, left, width, max, values } = chartFrame(doc, series, height);
  if (values.length === 0) {
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text("No daily values stored for this period.", left, top + height / 2 - 5);
  } else {
    const step = series.length > 1 ? width / (series.length - 1) : 0;
    let drawing = false;
    series.forEach((point, index) => {
      if (point.value === null) {
        drawing = false;
        return;
      }
      const x = left + index * step;
      const y = top + height - (point.value / max) * height;
      if (drawing) doc.lineTo(x, y);
      else doc.moveTo(x, y);
      drawing = true;
    });
    doc.lineWidth(1.5).strokeColor(accent).stroke();
  }
  doc.y = top + height + 18;
  doc.x = MARGIN;
}

function barChart(doc: Doc, series: Point[], accent: string, height = 80) {
  const { top, left, width, max, values } = chartFrame(doc, series, height);
  if (values.length === 0) {
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor(MUTED)
      .text("No new-follower counts stored for this period.", left, top + height / 2 - 5);
  } else {
    const slot = width / series.length;
    const bar = Math.max(1, slot * 0.7);
    series.forEach((point, index) => {
      if (point.value === null || point.value <= 0) return;
      const h = (point.value / max) * height;
      doc.rect(left + index * slot + (slot - bar) / 2, top + height - h, bar, h).fill(accent);
    });
  }
  doc.y = top + height + 18;
  doc.x = MARGIN;
}

function footers(doc: Doc, data: ReportData, workspace: { name: string }) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        drawableText(
          `${workspace.name} · ${data.report.name} · ${data.period.label} · page ${index + 1} of ${range.count}`,
        ),
        MARGIN,
        A4[1] - MARGIN + 16,
        { width: WIDTH, align: "center", lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
}
