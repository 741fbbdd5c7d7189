import type { OutgoingEmail } from "./mailer.ts";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

interface Layout {
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
}

const footer = "Sightline Analytics LLC · support@sightline.app";

/** One branded layout: a table-based HTML e-mail (works in every client) and its plain text. */
function render(to: string, subject: string, layout: Layout): OutgoingEmail {
  const paragraphs = layout.paragraphs
    .map(
      (p) =>
        `<p style="margin:0 0 16px;font-size:15px;line-height:24px;color:#334155">${escapeHtml(p)}</p>`,
    )
    .join("");
  const button = layout.action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" style="margin:8px 0 24px"><tr><td style="border-radius:10px;background:#7c3aed">
<a href="${escapeHtml(layout.action.url)}" style="display:inline-block;padding:12px 22px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:10px">${escapeHtml(layout.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#64748b">If the button does not work, paste this address into your browser:<br><a href="${escapeHtml(layout.action.url)}" style="color:#6d28d9;word-break:break-all">${escapeHtml(layout.action.url)}</a></p>`
    : "";
  const footnote = layout.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;line-height:20px;color:#64748b">${escapeHtml(layout.footnote)}</p>`
    : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Inter,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(layout.preheader)}</span>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f1f5f9;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden">
<tr><td style="background:linear-gradient(90deg,#7c3aed,#db2777);background-color:#7c3aed;padding:20px 32px;font-size:20px;font-weight:700;color:#ffffff;letter-spacing:-0.01em">Sightline</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#0f172a">${escapeHtml(layout.heading)}</h1>
${paragraphs}${button}${footnote}
</td></tr></table>
<p style="margin:16px 0 0;font-size:12px;color:#94a3b8">${escapeHtml(footer)}</p>
</td></tr></table></body></html>`;
  const text = [
    layout.heading,
    "",
    ...layout.paragraphs.flatMap((p) => [p, ""]),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ""] : []),
    ...(layout.footnote ? [layout.footnote, ""] : []),
    "—",
    footer,
  ].join("\n");
  return { to, subject, html, text };
}

export function verifyEmailMessage(to: string, name: string | undefined, url: string) {
  return render(to, "Confirm your e-mail address for Sightline", {
    preheader: "One click to finish creating your Sightline account.",
    heading: name ? `Welcome to Sightline, ${name}` : "Welcome to Sightline",
    paragraphs: [
      "Please confirm your e-mail address to finish creating your account. The link signs you in and takes you to your dashboard.",
      "The link works for 24 hours.",
    ],
    action: { label: "Confirm my e-mail address", url },
    footnote: "If you did not create a Sightline account, you can ignore this e-mail.",
  });
}

export function resetPasswordMessage(to: string, url: string) {
  return render(to, "Reset your Sightline password", {
    preheader: "A link to choose a new password.",
    heading: "Reset your password",
    paragraphs: [
      "We received a request to reset the password of your Sightline account. Choose a new password with the link below. It works once, for one hour.",
    ],
    action: { label: "Choose a new password", url },
    footnote: "If you did not ask for this, ignore this e-mail: your password stays the same.",
  });
}

export function passwordChangedMessage(to: string) {
  return render(to, "Your Sightline password was changed", {
    preheader: "Your password was just changed.",
    heading: "Your password was changed",
    paragraphs: [
      "The password of your Sightline account was just changed, and your other sessions were signed out.",
      "If this was not you, reset your password right away and contact support@sightline.app.",
    ],
  });
}

export function supportRequestMessage(
  to: string,
  input: { name: string; email: string; topic: string; message: string },
  reference: string,
) {
  return {
    ...render(to, `[Support ${reference}] ${input.topic} — ${input.name}`, {
      preheader: input.message.slice(0, 80),
      heading: `New support request ${reference}`,
      paragraphs: [`From: ${input.name} <${input.email}>`, `Topic: ${input.topic}`, input.message],
    }),
    replyTo: input.email,
  };
}

/**
 * The confirmation to the form's sender. The address is not verified, so the e-mail carries
 * nothing the sender chose (no name, no message): it cannot be used to send someone else
 * attacker-written text under Sightline's name.
 */
export function supportConfirmationMessage(to: string, reference: string) {
  return render(to, `We received your message (${reference})`, {
    preheader: "Sightline support will answer by e-mail.",
    heading: "We received your message",
    paragraphs: [
      `Thank you for contacting Sightline. Your message has the reference ${reference}. Our support team answers by e-mail, usually within one business day.`,
    ],
    footnote: "If you did not write to Sightline support, you can ignore this e-mail.",
  });
}

/**
 * Someone signed up with an address whose account is not verified yet (issue 8, point 6): the
 * password chosen before has been cleared, and the owner of the mailbox chooses one here.
 */
export function accountExistsUnverifiedMessage(to: string, url: string) {
  return render(to, "Finish setting up your Sightline account", {
    preheader: "Choose a password to finish creating your account.",
    heading: "Choose your password",
    paragraphs: [
      "Someone, probably you, just tried to create a Sightline account with this e-mail address. An account for it had already been started but never confirmed.",
      "To keep it safe, any password set before has been cleared. Choose your password with the link below: it also confirms your e-mail address. It works once, for one hour.",
    ],
    action: { label: "Choose my password", url },
    footnote:
      "If you did not try to sign up, you can ignore this e-mail: nobody can sign in to the account until a password is chosen with this link.",
  });
}

/** Someone signed up with an address that already has a verified account. */
export function signUpAttemptOnExistingAccountMessage(to: string, signInUrl: string) {
  return render(to, "Someone tried to sign up with your e-mail address", {
    preheader: "You already have a Sightline account.",
    heading: "You already have an account",
    paragraphs: [
      "Someone just tried to create a new Sightline account with this e-mail address, which already has one. No new account was created and nothing changed in yours.",
      "If it was you, sign in instead; if you forgot your password, choose “Forgot password?” on the sign-in form.",
    ],
    action: { label: "Sign in to Sightline", url: signInUrl },
    footnote:
      "If it was not you, you do not need to do anything. If you are worried, change your password and turn on two-step verification in Settings.",
  });
}

export function changeEmailMessage(to: string, url: string) {
  return render(to, "Confirm your new e-mail address for Sightline", {
    preheader: "One click to move your Sightline account to this address.",
    heading: "Confirm your new e-mail address",
    paragraphs: [
      "You asked to sign in to Sightline with this e-mail address from now on. Confirm it with the link below; until then your old address stays in use.",
      "The link works for 24 hours.",
    ],
    action: { label: "Confirm this address", url },
    footnote: "If you did not ask for this, ignore this e-mail: nothing changes.",
  });
}

export function accountDeletedMessage(to: string, confirmationCode: string, statusUrl: string) {
  return render(to, "Your Sightline account was deleted", {
    preheader: "Your account and its data are gone.",
    heading: "Your account was deleted",
    paragraphs: [
      "As you asked, we deleted your Sightline account and everything it held: your profile, sessions, sign-in methods, exports and Instagram data.",
      `Your confirmation code is ${confirmationCode}. You can check the request at any time with the link below.`,
    ],
    action: { label: "See the deletion request", url: statusUrl },
    footnote: "If you did not ask for this, contact support@sightline.app.",
  });
}

export function instagramReconnectMessage(to: string, username: string, url: string) {
  return render(to, `Reconnect @${username} to Sightline`, {
    preheader: "Instagram no longer accepts Sightline's access to your account.",
    heading: `Reconnect @${username}`,
    paragraphs: [
      `Instagram stopped accepting Sightline's access to @${username}: the permission was removed, the password changed, or the access expired. Until you reconnect, Sightline cannot sync your analytics, show new messages and comments, or publish scheduled posts.`,
      "Reconnecting takes a minute and keeps everything Sightline already holds.",
    ],
    action: { label: "Reconnect Instagram", url },
    footnote: "If you disconnected Sightline on purpose, you can ignore this e-mail.",
  });
}

export function workspaceInvitationMessage(
  to: string,
  input: { inviter: string; workspace: string; role: string; url: string },
) {
  return render(to, `${input.inviter} invited you to ${input.workspace} on Sightline`, {
    preheader: `Join ${input.workspace} on Sightline as ${input.role}.`,
    heading: `Join ${input.workspace}`,
    paragraphs: [
      `${input.inviter} invited you to the Sightline workspace ${input.workspace} as ${input.role}.`,
      "Accept with the link below (sign in or create your Sightline account with this e-mail address first). The link works for 7 days and only once.",
    ],
    action: { label: "Accept the invitation", url: input.url },
    footnote: "If you did not expect this, ignore this e-mail: nothing changes.",
  });
}

/** A connect link (issue 29 point 3): authorise an Instagram account into a workspace, once. */
export function connectLinkMessage(
  to: string,
  input: { inviter: string; workspace: string; url: string; days: number },
) {
  return render(to, `${input.inviter} asks you to connect your Instagram account to Sightline`, {
    preheader: `Connect your Instagram account to ${input.workspace} with your own Meta login.`,
    heading: "Connect your Instagram account",
    paragraphs: [
      `${input.inviter} manages Instagram accounts with Sightline in the workspace ${input.workspace} and asks you to connect yours.`,
      `The link below takes you to Instagram's (or Facebook's) own page, where you sign in and choose what to share; Sightline never sees your password. You do not join the workspace. The link works for ${input.days} days and only once.`,
    ],
    action: { label: "Connect my Instagram account", url: input.url },
    footnote:
      "If you did not expect this, ignore this e-mail: nothing is connected unless you confirm on Instagram's page. You can remove the access at any time in Instagram's settings (Apps and websites).",
  });
}

/** An automation's "notify" action (issue 32): what the rule matched since its last e-mail. */
export function automationNotifyMessage(
  to: string,
  input: {
    rule: string;
    username: string;
    /** One line per match, oldest first (at most ten shown). */
    lines: string[];
    total: number;
    url: string;
  },
) {
  const shown = input.lines.slice(0, 10);
  const more = input.total - shown.length;
  const what = input.total === 1 ? "1 new match" : `${input.total} new matches`;
  return render(to, `${input.rule}: ${what} on @${input.username}`, {
    preheader: shown[0] ?? what,
    heading: `${input.rule}: ${what}`,
    paragraphs: [
      `The automation “${input.rule}” of @${input.username} matched:`,
      ...shown,
      ...(more > 0 ? [`…and ${more} more in the run log.`] : []),
    ],
    action: { label: "Open the run log", url: input.url },
    footnote:
      "You get this because the automation notifies the team. One e-mail per automation every 15 minutes at most; turn it off in the automation's editor.",
  });
}

/** An outgoing webhook switched off after repeated failures (issue 35 point 4, decision 034). */
export function webhookEndpointDisabledMessage(
  to: string,
  input: { workspace: string; url: string; reason: string; settingsUrl: string },
) {
  return render(to, `A webhook of ${input.workspace} was switched off`, {
    preheader: `Sightline stopped calling ${input.url}.`,
    heading: "A webhook endpoint was switched off",
    paragraphs: [
      `Sightline stopped sending events of the workspace ${input.workspace} to ${input.url}. ${input.reason}`,
      "Events that happen while it is off are not sent to it. Fix the receiver, send a test event from Settings → Developers to check it, then switch the endpoint on again.",
    ],
    action: { label: "Open Settings → Developers", url: input.settingsUrl },
    footnote: "You get this as an owner of the workspace.",
  });
}

export function clientReportMessage(
  to: string,
  input: { workspace: string; report: string; period: string; coverNote: string; url: string },
) {
  return render(to, `${input.report}: ${input.period}`, {
    preheader: `${input.workspace}'s report for ${input.period} is attached as a PDF.`,
    heading: `${input.report} — ${input.period}`,
    paragraphs: [
      `${input.workspace} sends you its Instagram report for ${input.period}. It is attached to this e-mail as a PDF.`,
      ...(input.coverNote.trim() ? [input.coverNote.trim()] : []),
    ],
    action: { label: "Open the report in Sightline", url: input.url },
    footnote: "You get this because a member of the workspace added your address to the report.",
  });
}

/** A member @mentioned another in a comment on a post (issue 33 point 3, decision 042). */
export function postCommentMentionMessage(
  to: string,
  input: { author: string; workspace: string; excerpt: string; post: string; url: string },
) {
  return render(to, `${input.author} mentioned you in a comment`, {
    preheader: input.excerpt,
    heading: `${input.author} mentioned you`,
    paragraphs: [
      `${input.author} mentioned you in a comment on the post “${input.post}” in ${input.workspace}:`,
      input.excerpt,
    ],
    action: { label: "Open the content scheduler", url: input.url },
    footnote:
      "You get this because a member of the workspace mentioned you. One e-mail per mention.",
  });
}
