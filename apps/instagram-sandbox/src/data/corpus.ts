import type { Rng } from "../core/prng.ts";

/** Text for generated people, captions, comments and DMs. Templates fill `{slot}`s from lists. */

export const firstNames = [
  "Mira",
  "Jonas",
  "Aiko",
  "Lucas",
  "Sofia",
  "Noah",
  "Emma",
  "Liam",
  "Zoe",
  "Elif",
  "Mateo",
  "Ana",
  "Freya",
  "Oskar",
  "Hana",
  "Theo",
  "Lea",
  "Felix",
  "Nora",
  "Jakob",
  "Ines",
  "Malik",
  "Clara",
  "Finn",
  "Yuki",
  "Amara",
  "Leon",
  "Maja",
  "Ravi",
  "Ida",
  "Tomás",
  "Greta",
  "Samir",
  "Alba",
  "Hugo",
  "Lina",
  "Kai",
  "Marta",
  "Emil",
  "Chloe",
  "Arjun",
  "Paula",
  "Levi",
  "Sara",
  "Otto",
  "Julia",
  "Bea",
  "Niko",
  "Wren",
  "Hazel",
  "Mason",
  "Ruby",
  "Caleb",
  "Piper",
  "Owen",
  "Quinn",
  "Jasper",
  "Ivy",
  "Silas",
  "June",
  "Ezra",
  "Nell",
  "Milo",
  "Rosa",
  "Dara",
  "Eliot",
];

export const lastNames = [
  "Keller",
  "Lindqvist",
  "Tanaka",
  "Moreau",
  "Rossi",
  "Novak",
  "Berg",
  "Schmidt",
  "Okafor",
  "Yilmaz",
  "García",
  "Silva",
  "Jensen",
  "Nowak",
  "Kowalski",
  "Hoffmann",
  "Dubois",
  "Larsen",
  "Fischer",
  "Costa",
  "Müller",
  "Andersson",
  "Petrov",
  "Haddad",
  "Walsh",
  "Brennan",
  "Olsen",
  "Carver",
  "Holm",
  "Reyes",
  "Quinn",
  "Sato",
  "Weber",
  "Baker",
  "Hughes",
  "Nilsen",
  "Ahmed",
];

const usernameWords = [
  "clay",
  "studio",
  "slow",
  "morning",
  "linen",
  "wild",
  "fern",
  "maple",
  "oat",
  "ember",
  "north",
  "paper",
  "kiln",
  "brew",
  "grain",
  "sage",
  "moss",
  "atelier",
  "daily",
  "home",
  "garden",
  "loaf",
  "wander",
  "little",
  "field",
  "stone",
  "honey",
  "cedar",
  "plum",
  "harbor",
  "quiet",
  "coffee",
];

export function personIdentity(rng: Rng): { username: string; name: string } {
  const first = rng.pick(firstNames);
  const last = rng.pick(lastNames);
  const plainFirst = first
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();
  const plainLast = last
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase();
  const style = rng.int(0, 6);
  const username =
    style === 0
      ? `${plainFirst}.${plainLast}`
      : style === 1
        ? `${plainFirst}_${rng.pick(usernameWords)}`
        : style === 2
          ? `${rng.pick(usernameWords)}.${rng.pick(usernameWords)}.${plainFirst}`
          : style === 3
            ? `${plainFirst}${plainLast.slice(0, 1)}${rng.int(1, 99)}`
            : style === 4
              ? `the.${rng.pick(usernameWords)}${rng.pick(usernameWords)}`
              : style === 5
                ? `${plainFirst}.${rng.pick(usernameWords)}s`
                : `${plainFirst}${plainLast}`;
  return { username: username.slice(0, 30), name: rng.chance(0.85) ? `${first} ${last}` : first };
}

export function fillTemplate(
  rng: Rng,
  template: string,
  slots: Readonly<Record<string, readonly string[]>>,
  extra: Readonly<Record<string, string>> = {},
): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    if (extra[name] !== undefined) return extra[name]!;
    const options = slots[name];
    return options ? rng.pick(options) : match;
  });
}

export type CaptionKind = "IMAGE" | "CAROUSEL" | "REELS" | "STORY";

export type Voice = {
  captions: Record<CaptionKind, readonly string[]>;
  slots: Readonly<Record<string, readonly string[]>>;
  hashtags: readonly string[];
  /** Hashtags every post tends to carry. */
  signatureTags: readonly string[];
  praise: readonly string[];
  questions: readonly string[];
  ownerReplies: readonly string[];
  answerReplies: readonly string[];
  dmScripts: readonly DmScript[];
  altTexts: readonly string[];
};

/** A DM thread: `in` lines from the person, `out` from the business; `stop` marks unanswered. */
export type DmScript = {
  topic: "question" | "order" | "collab" | "wholesale" | "workshop" | "fan" | "complaint";
  lines: ReadonlyArray<readonly ["in" | "out", string]>;
};

const lenaSlots = {
  glaze: [
    "a satin celadon",
    "my iron-speckled oatmeal",
    "a runny ash glaze",
    "shino",
    "a matte sage",
    "tenmoku",
    "a milky chun",
    "the new terracotta wash",
  ],
  clay: [
    "buff stoneware",
    "speckled stoneware",
    "porcelain",
    "a dark iron clay",
    "recycled studio clay",
  ],
  feeling: [
    "Still can't stop staring at it.",
    "Honestly not what I planned, but I love it.",
    "This is why I keep doing glaze tests.",
    "The photos don't do it justice.",
    "Some pieces cracked, most survived.",
  ],
  item: [
    "mug",
    "bud vase",
    "serving bowl",
    "pour-over set",
    "plate",
    "tumbler",
    "planter",
    "butter dish",
  ],
  items: ["mugs", "bud vases", "bowls", "tumblers", "plates", "little dishes"],
  day: ["Sunday", "this Friday", "next Thursday", "tomorrow"],
  thought: [
    "Long curls of clay and zero notifications.",
    "Nothing else exists for an hour.",
    "Best part of the week, no contest.",
    "Slow work for slow mornings.",
  ],
  time: [
    "before sunrise",
    "after a long week",
    "on a grey Tuesday",
    "with the doors wide open",
    "at 6am",
  ],
  place: ["Vienna", "Copenhagen", "Lyon", "Brooklyn", "Melbourne", "Oslo", "Hamburg", "Zurich"],
  weekday: ["Monday", "Wednesday", "Sunday", "Thursday"],
  emoji: ["🤍", "✨", "🌿", "🔥", "🫖", "🙏", "☁️", ""],
  n: ["6", "8", "12", "14", "20"],
  m: ["3", "4", "5", "9"],
  date: ["the 14th", "the 22nd", "early next month", "the 3rd"],
};

export const lenaVoice: Voice = {
  captions: {
    IMAGE: [
      "New glaze test out of the kiln today — {glaze} over {clay}. {feeling} {emoji}",
      "The {item} collection restocks {day} at 10am CET. Link in bio! {emoji}",
      "Studio corner on a rainy {weekday}. Tea, clay, podcasts. What are you listening to lately?",
      "Cone 6, {glaze}. The kiln gods were kind this time {emoji}",
      "A quiet {item} for quiet mornings. {clay}, glazed in {glaze}.",
      "Packing orders for {place} today! Thank you for supporting small makers {emoji}",
      "Sometimes the simplest forms take the longest to get right. This {item} took {n} tries.",
      "Fresh from the glaze firing: {items} in {glaze}. Which one would you pick?",
    ],
    CAROUSEL: [
      "The making of a {item}, from wedging to final firing → swipe {emoji}",
      "Workshop recap ✨ {n} beginners, {m} wobbly bowls and so much laughter. Next date: {date}.",
      "Kiln opening! {n} pieces, {m} favourites. Swipe for the details of {glaze} {emoji}",
      "A week in the studio, in {m} pictures. Mostly mud, some magic.",
      "Restock preview: {items} in {glaze} and {clay}. Drops {day} at 10am CET.",
    ],
    REELS: [
      "Throwing session {time}. {n} {items}, one very muddy apron {emoji}",
      "Trimming is my meditation. {thought}",
      "Watch this {item} come to life in 30 seconds {emoji}",
      "Glazing day ASMR — {glaze} edition 🎧",
      "How I pull a handle (after years of ugly ones) {emoji}",
      "POV: you open the kiln and everything survived {emoji}",
    ],
    STORY: ["Kiln is cooling… 🔥", "Packing day 📦", "Studio mood today ☁️"],
  },
  slots: lenaSlots,
  hashtags: [
    "#ceramics",
    "#pottery",
    "#handmadeceramics",
    "#wheelthrown",
    "#potterylove",
    "#ceramicstudio",
    "#claylife",
    "#stoneware",
    "#glaze",
    "#kilnopening",
    "#potterystudio",
    "#ceramicart",
    "#handmademugs",
    "#slowliving",
    "#makersgonnamake",
    "#contemporaryceramics",
    "#potteryvideos",
    "#wheelthrowing",
    "#studiopottery",
    "#berlinmakers",
    "#keramik",
    "#handmadehome",
    "#potterywheel",
    "#glazetest",
    "#smallbatch",
    "#shopsmall",
    "#ceramicist",
  ],
  signatureTags: ["#lenamakes", "#ceramics"],
  praise: [
    "This glaze is unreal 😍",
    "Obsessed with this color",
    "So calming to watch 🤍",
    "🔥🔥🔥",
    "The texture!! 😍",
    "Absolutely beautiful work",
    "I need this mug in my life",
    "Stunning 🙌",
    "Your work gets better every week",
    "That drip though 👏",
    "Gorgeous form",
    "Love love love",
    "The way the glaze breaks on the rim 🤤",
    "Saving this for inspiration",
    "Dreamy 🌿",
    "This made my morning",
    "Perfection ✨",
    "Such a lovely shape",
  ],
  questions: [
    "Which clay body is this?",
    "Do you ship to the UK?",
    "When is the next restock?",
    "Is this dishwasher safe?",
    "Do you teach classes?",
    "What glaze is this? 😍",
    "How long does a firing take?",
    "Are these food safe?",
    "Will there be more of the sage ones?",
    "Is the workshop suitable for total beginners?",
    "What cone do you fire to?",
    "Do you sell seconds?",
    "Where did you learn to throw?",
    "Is this available in your shop?",
  ],
  ownerReplies: [
    "Thank you so much! 🤍",
    "Thank you!! ✨",
    "🙏🤍",
    "That means a lot, thank you!",
    "Glad you like it 🌿",
  ],
  answerReplies: [
    "Yes! Restock is Sunday at 10am CET 🤍",
    "It's a speckled stoneware from a small supplier near Leipzig",
    "I do! Shipping is worldwide, rates at checkout ✨",
    "Yes, all my glazes are food and dishwasher safe",
    "Cone 6 oxidation, about 9 hours plus cooling",
    "Workshops are on the website, next one is in two weeks!",
    "A few seconds go up at the end of each restock",
    "Yes, in the next batch 🌿",
  ],
  dmScripts: [
    {
      topic: "question",
      lines: [
        ["in", "Hi Lena! Is the sage mug from your last post still available?"],
        ["out", "Hi! It sold out on Sunday but there'll be more in the next restock 🤍"],
        ["in", "Amazing, when is that?"],
        ["out", "Planning for the 14th, I'll announce it in stories!"],
        ["in", "Perfect, thank you!"],
      ],
    },
    {
      topic: "order",
      lines: [
        ["in", "Hey, I ordered a set of bowls last week (order #1042) — any idea when it ships?"],
        ["out", "Hi! It's packed and goes out tomorrow, you'll get tracking by email 📦"],
        ["in", "Thank you!! Can't wait"],
      ],
    },
    {
      topic: "order",
      lines: [
        ["in", "Hi, my mug arrived with a small chip on the rim 😢"],
        [
          "out",
          "Oh no, I'm so sorry! Could you send me a photo? I'll send a replacement right away.",
        ],
        ["in", "Sure, here it is"],
        ["out", "Thank you — replacement is on its way, no need to return the chipped one 🤍"],
      ],
    },
    {
      topic: "collab",
      lines: [
        [
          "in",
          "Hi Lena, I'm with a small linen brand from Copenhagen. Would you be open to a collaboration for our spring campaign?",
        ],
        ["out", "Hi, thanks for reaching out! Could you send details to hello@lenamakes.studio?"],
        ["in", "Will do! 🙌"],
      ],
    },
    {
      topic: "collab",
      lines: [
        [
          "in",
          "Hello! We're a café in Vienna looking for a ceramicist to make 40 custom cups. Would you take on a commission like that?",
        ],
        ["out", "That sounds lovely! What timeline are you thinking of?"],
        ["in", "Ideally before the opening in three months"],
      ],
    },
    {
      topic: "workshop",
      lines: [
        ["in", "Do you still have spots in the beginner wheel workshop?"],
        ["out", "There are 2 spots left for the 22nd!"],
        ["in", "Booking now 😍"],
      ],
    },
    {
      topic: "workshop",
      lines: [
        ["in", "Is the workshop in English or German?"],
        ["out", "Both! I switch depending on the group 😊"],
      ],
    },
    { topic: "fan", lines: [["in", "Your videos are so relaxing, thank you for sharing 🙏"]] },
    {
      topic: "question",
      lines: [
        ["in", "What wheel do you use? Thinking of buying my first one"],
        ["out", "A Shimpo VL-Whisper! Quiet and reliable, can recommend"],
        ["in", "Thanks so much!"],
      ],
    },
    { topic: "question", lines: [["in", "Hi! Do you ship to the US?"]] },
  ],
  altTexts: [
    "A speckled stoneware mug with a glossy green glaze on a wooden table",
    "Three handmade bowls stacked on a linen cloth",
    "Hands shaping clay on a pottery wheel",
  ],
};

const coffeeSlots = {
  origin: [
    "Ethiopia Guji",
    "Kenya Nyeri",
    "Colombia Huila",
    "Guatemala Huehuetenango",
    "Rwanda Nyamasheke",
    "Peru Cajamarca",
    "Honduras Santa Bárbara",
    "Burundi Kayanza",
  ],
  process: ["natural", "washed", "honey-processed", "anaerobic natural"],
  notes: [
    "blueberry, jasmine and cocoa",
    "blackcurrant and brown sugar",
    "red apple, caramel and milk chocolate",
    "peach, bergamot and honey",
    "plum, cacao nib and orange zest",
    "hazelnut and toffee",
  ],
  tip: [
    "We like it as a V60, 1:16, 94°C.",
    "Try it as espresso with a splash of milk.",
    "Great on the Aeropress, 2 minute steep.",
    "Batch brew at the bar all week.",
  ],
  kg: ["15", "24", "30", "45"],
  barista: ["Maya", "Jordan", "Sam", "Luis", "Tess"],
  pattern: ["tulip", "rosetta", "swan", "heart stack"],
  blend: ["Division Street", "Cannon River", "Early Riser", "Decaf Dusk"],
  n: ["4", "5", "6", "8"],
  region: ["Huila", "Sidama", "Nyeri", "Cajamarca"],
  farmer: ["Ana Lucía", "Tesfaye", "Esperanza", "Jean-Marie"],
  emoji: ["☕", "🤎", "🔥", "📦", ""],
};

export const coffeeVoice: Voice = {
  captions: {
    IMAGE: [
      "This week's single origin: {origin}, {process}. Notes of {notes}. {tip} {emoji}",
      "Our {blend} blend is back in 250 g and 1 kg bags. Order online or grab one at the bar.",
      "Weekend hours: Sat 8–4, Sun 9–2. See you at the bar on Division St {emoji}",
      "Latte art Friday — {barista} nailed the {pattern} {emoji}",
      "Fresh bags on the shelf: {origin}. {notes}. {emoji}",
      "Meet {farmer}, the producer behind this season's {origin}. {emoji}",
    ],
    CAROUSEL: [
      "Cupping table lineup: {n} new coffees from {region}. Which one should make the cut? Swipe →",
      "From green to roasted: a look inside roast day → {emoji}",
      "Our {blend} blend, three ways: espresso, V60 and cold brew. Swipe for recipes.",
      "Shop tour! New bar, new grinder, same people {emoji}",
    ],
    REELS: [
      "Roast day! {kg} kg of {origin} coming out of the drum this morning {emoji}",
      "Dialing in the new {origin} on espresso {emoji}",
      "60 seconds of {pattern} practice {emoji}",
      "How we pack your subscription boxes 📦",
      "Cold brew season is officially open {emoji}",
    ],
    STORY: ["New bags just landed ☕", "Roasting all morning 🔥", "Come say hi 👋"],
  },
  slots: coffeeSlots,
  hashtags: [
    "#specialtycoffee",
    "#coffeeroaster",
    "#freshroasted",
    "#pourover",
    "#coffeetime",
    "#singleorigin",
    "#latteart",
    "#minnesotacoffee",
    "#northfieldmn",
    "#coffeelover",
    "#v60",
    "#espresso",
    "#thirdwavecoffee",
    "#coffeeshop",
    "#shoplocal",
    "#coffeebeans",
    "#roastery",
    "#smallbusiness",
    "#mncoffee",
    "#coldbrew",
    "#coffeecommunity",
    "#homebarista",
  ],
  signatureTags: ["#northfieldcoffee", "#specialtycoffee"],
  praise: [
    "Best flat white in town ☕",
    "That rosetta 😍",
    "Love this place",
    "My morning ritual 🤎",
    "Can confirm, this one is delicious",
    "Need to stop by this weekend!",
    "🔥🔥",
    "So good!!",
    "The Guji was incredible last week",
    "Favorite coffee shop in MN",
    "Cozy vibes ☕",
  ],
  questions: [
    "What grinder do you use?",
    "Do you ship to Wisconsin?",
    "Is the Ethiopia still available?",
    "Are you open on Monday?",
    "Do you have oat milk?",
    "What's the best brew method for this one?",
    "Do you do subscriptions?",
    "Any decaf options?",
    "Can I buy green beans from you?",
  ],
  ownerReplies: ["Thank you! ☕", "Thanks for the love 🤎", "See you soon!", "🙌☕"],
  answerReplies: [
    "Mahlkönig EK43 at the bar!",
    "We ship anywhere in the US, free over $40",
    "Yes, a few bags left!",
    "Mondays 7–3 ☕",
    "Oat, almond and whole milk 🤎",
    "Subscriptions are on the website, every 2 or 4 weeks",
    "Our Decaf Dusk is a Swiss Water Colombia — really good",
    "V60 or Kalita, about 1:16",
  ],
  dmScripts: [
    {
      topic: "wholesale",
      lines: [
        ["in", "Hi! We run a small café in Faribault — do you do wholesale?"],
        ["out", "We do! What volume are you thinking per week?"],
        ["in", "Maybe 10 kg to start"],
        ["out", "Great, I'll email you our wholesale sheet today"],
      ],
    },
    {
      topic: "order",
      lines: [
        ["in", "Hey, my subscription box didn't arrive this week"],
        ["out", "Sorry about that! Can you send me your order number?"],
        ["in", "#20931"],
        ["out", "Found it — USPS delay, should be with you tomorrow. Next bag is on us ☕"],
      ],
    },
    {
      topic: "question",
      lines: [
        ["in", "Are you open on Thanksgiving?"],
        ["out", "Open 8–12 that morning!"],
      ],
    },
    {
      topic: "question",
      lines: [
        ["in", "Do you host private cupping events? Thinking about a team outing"],
        ["out", "Yes! Up to 12 people, weekday evenings. Want me to send dates?"],
        ["in", "Please!"],
      ],
    },
    {
      topic: "collab",
      lines: [
        ["in", "Hi, I'm a food photographer in Minneapolis and I'd love to shoot your new space"],
        ["out", "Hi! Would love to see your portfolio"],
      ],
    },
    {
      topic: "complaint",
      lines: [
        ["in", "The last bag of Early Riser tasted a bit flat 😕"],
        ["out", "Thanks for telling us — what was the roast date on the bag?"],
        ["in", "Three weeks ago I think"],
        ["out", "That's on us, the shelf should have been rotated. Come by for a fresh bag!"],
      ],
    },
    { topic: "fan", lines: [["in", "Your cold brew got me through finals week, thank you 😂"]] },
    { topic: "question", lines: [["in", "Is the Kenya still in stock?"]] },
  ],
  altTexts: [
    "A latte with a rosetta pattern on a marble counter",
    "Bags of freshly roasted coffee on a wooden shelf",
    "Coffee beans pouring out of a roaster drum",
  ],
};

const bakerSlots = {
  bread: ["sourdough", "rye loaf", "focaccia", "cinnamon buns", "seeded loaf"],
  emoji: ["🍞", "✨", "🥖", ""],
};

export const bakerVoice: Voice = {
  captions: {
    IMAGE: [
      "Weekend {bread} {emoji}",
      "First try at a {bread}. Not bad!",
      "Crumb shot of today's {bread} {emoji}",
    ],
    CAROUSEL: ["Bake day in pictures {emoji}", "{bread}, start to finish →"],
    REELS: ["Scoring my {bread} {emoji}", "Shaping practice, round {emoji}"],
    STORY: ["Oven's on 🔥"],
  },
  slots: bakerSlots,
  hashtags: ["#sourdough", "#homebaking", "#breadbaking", "#realbread", "#bakeday", "#wildyeast"],
  signatureTags: ["#oonabakes"],
  praise: ["Looks amazing!", "That crumb 😍", "Yum!", "So pretty"],
  questions: ["What flour do you use?", "How long do you proof it?"],
  ownerReplies: ["Thank you! 🍞", "Thanks 😊"],
  answerReplies: ["A mix of bread flour and 20% wholewheat", "Overnight in the fridge!"],
  dmScripts: [
    {
      topic: "question",
      lines: [
        ["in", "Can I order a loaf for Saturday?"],
        ["out", "Yes! Pick up after 10?"],
        ["in", "Perfect"],
      ],
    },
  ],
  altTexts: ["A round sourdough loaf on a cooling rack"],
};

/** Comments that arrive live (activity), shared across voices where they read generically. */
export const genericLiveComments = [
  "😍",
  "🔥🔥",
  "Love this!",
  "Wow",
  "So good",
  "👏👏",
  "Beautiful ✨",
];

export function composeCaption(rng: Rng, voice: Voice, kind: CaptionKind): string {
  const text = fillTemplate(rng, rng.pick(voice.captions[kind]), voice.slots)
    .replace(/\s+$/g, "")
    .replace(/ {2,}/g, " ");
  if (kind === "STORY") return text;
  const count = rng.int(3, 12);
  const tags = new Set<string>(
    voice.signatureTags.slice(0, rng.int(1, voice.signatureTags.length)),
  );
  for (const tag of rng.shuffle(voice.hashtags)) {
    if (tags.size >= count) break;
    tags.add(tag);
  }
  const separator = rng.chance(0.3) ? "\n.\n.\n.\n" : rng.chance(0.5) ? "\n\n" : " ";
  return `${text}${separator}${[...tags].join(" ")}`;
}
