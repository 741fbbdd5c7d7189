/** Spec §2: the emoticons the preview shows as emoji. */
export const emoticonEmoji: Readonly<Record<string, string>> = {
  ":)": "🙂",
  ":(": "🙁",
  ":D": "😀",
  ";)": "😉",
  ":P": "😛",
  "<3": "❤️",
};

// An emoticon stands alone: not inside a word or a URL ("http://x.com/a:)" keeps its text).
const emoticonPattern = /(^|[\s([{])(:\)|:\(|:D|;\)|:P|<3)(?=$|[\s.,!?)\]}])/g;

/** The caption as the preview shows it: :) :( :D ;) :P <3 become emoji. */
export function emoticonsToEmoji(text: string): string {
  // Run twice so adjacent emoticons (":) :)") both match; the lookbehind char is consumed once.
  const once = text.replace(emoticonPattern, (_, before: string, face: string) => {
    return `${before}${emoticonEmoji[face] ?? face}`;
  });
  return once.replace(emoticonPattern, (_, before: string, face: string) => {
    return `${before}${emoticonEmoji[face] ?? face}`;
  });
}
