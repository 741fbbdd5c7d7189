import { bakerVoice, coffeeVoice, lenaVoice, type Voice } from "./corpus.ts";
import type { AccountType, PublicAccount } from "./types.ts";

export type AgeBucket = "13-17" | "18-24" | "25-34" | "35-44" | "45-54" | "55-64" | "65+";
export const ageBuckets: readonly AgeBucket[] = [
  "13-17",
  "18-24",
  "25-34",
  "35-44",
  "45-54",
  "55-64",
  "65+",
];

export type AccountProfile = {
  key: string;
  username: string;
  name: string;
  accountType: AccountType;
  biography: string;
  website: string;
  followersNow: number;
  followersYearAgo: number;
  followsCount: number;
  postsPerWeek: readonly [number, number];
  /** Weeks (0 = oldest) with no posts: holidays, kiln repairs. */
  quietWeeks: number;
  postCount?: number;
  mix: ReadonlyArray<readonly ["IMAGE" | "CAROUSEL" | "REELS", number]>;
  /** Local posting hours and the audience's UTC offset (for hour effects and online followers). */
  postingHours: readonly number[];
  audienceZones: ReadonlyArray<readonly [number, number]>;
  reachRate: number;
  likeRate: number;
  commentRate: number;
  ownerReplyRate: number;
  peopleCount: number;
  conversationCount: number;
  pageName: string;
  fbUserName: string;
  unlinkedPages: readonly string[];
  palette: readonly string[];
  voice: Voice;
  ages: Readonly<Record<"F" | "M" | "U", readonly number[]>>;
  countries: ReadonlyArray<readonly [string, number]>;
  cities: ReadonlyArray<readonly [string, number]>;
};

export const accountProfiles: readonly AccountProfile[] = [
  {
    key: "lena",
    username: "lena.makes",
    name: "Lena Hartmann · Ceramics",
    accountType: "MEDIA_CREATOR",
    biography:
      "Wheel-thrown stoneware from a tiny studio in Berlin-Wedding 🌿\nRestocks monthly · Workshops ↓",
    website: "https://lenamakes.example",
    followersNow: 25_140,
    followersYearAgo: 17_900,
    followsCount: 612,
    postsPerWeek: [3, 6],
    quietWeeks: 3,
    mix: [
      ["IMAGE", 0.34],
      ["CAROUSEL", 0.28],
      ["REELS", 0.38],
    ],
    postingHours: [8, 9, 10, 18, 19, 20],
    audienceZones: [
      [1, 0.68],
      [-5, 0.17],
      [0, 0.08],
      [10, 0.04],
      [-8, 0.03],
    ],
    reachRate: 0.3,
    likeRate: 0.075,
    commentRate: 0.018,
    ownerReplyRate: 0.45,
    peopleCount: 260,
    conversationCount: 26,
    pageName: "Lena Makes Ceramics",
    fbUserName: "Lena Hartmann",
    unlinkedPages: [],
    palette: ["#c8785a", "#e9d8c4", "#8fa58a", "#5f6f5a", "#d9a27e", "#f4ede4", "#3e4a45"],
    voice: lenaVoice,
    ages: {
      F: [0.008, 0.12, 0.31, 0.18, 0.08, 0.035, 0.012],
      M: [0.003, 0.04, 0.09, 0.06, 0.025, 0.01, 0.004],
      U: [0.001, 0.006, 0.01, 0.005, 0.002, 0.001, 0],
    },
    countries: [
      ["DE", 0.24],
      ["US", 0.15],
      ["GB", 0.08],
      ["NL", 0.06],
      ["FR", 0.05],
      ["AT", 0.045],
      ["CH", 0.035],
      ["SE", 0.03],
      ["DK", 0.03],
      ["CA", 0.03],
      ["AU", 0.03],
      ["IT", 0.025],
      ["ES", 0.02],
      ["BE", 0.02],
      ["PL", 0.02],
      ["NO", 0.015],
      ["FI", 0.012],
      ["IE", 0.01],
      ["JP", 0.01],
      ["PT", 0.008],
      ["CZ", 0.008],
      ["NZ", 0.006],
      ["BR", 0.006],
      ["MX", 0.005],
      ["IN", 0.005],
      ["GR", 0.004],
      ["HU", 0.004],
      ["SG", 0.003],
    ],
    cities: [
      ["Berlin, Berlin", 0.09],
      ["Hamburg, Hamburg", 0.03],
      ["Munich, Bavaria", 0.028],
      ["London, England", 0.04],
      ["Amsterdam, North Holland", 0.028],
      ["Vienna, Vienna", 0.026],
      ["New York, New York", 0.022],
      ["Copenhagen, Capital Region", 0.02],
      ["Leipzig, Saxony", 0.016],
      ["Cologne, North Rhine-Westphalia", 0.015],
      ["Zurich, Zurich", 0.012],
      ["Paris, Île-de-France", 0.012],
      ["Stockholm, Stockholm County", 0.011],
      ["Brooklyn, New York", 0.01],
      ["Melbourne, Victoria", 0.01],
      ["Toronto, Ontario", 0.009],
      ["Los Angeles, California", 0.009],
      ["Frankfurt, Hesse", 0.009],
      ["Dresden, Saxony", 0.007],
      ["Portland, Oregon", 0.006],
      ["Oslo, Oslo", 0.006],
      ["Utrecht, Utrecht", 0.006],
      ["Sydney, New South Wales", 0.006],
      ["Bristol, England", 0.005],
      ["Rotterdam, South Holland", 0.005],
      ["Barcelona, Catalonia", 0.005],
    ],
  },
  {
    key: "northfield",
    username: "northfield.coffee",
    name: "Northfield Coffee Roasters",
    accountType: "BUSINESS",
    biography:
      "Small-batch roaster & coffee bar ☕ Division St, Northfield MN\nShip nationwide · Subscriptions ↓",
    website: "https://northfieldcoffee.example",
    followersNow: 2_080,
    followersYearAgo: 1_540,
    followsCount: 431,
    postsPerWeek: [3, 5],
    quietWeeks: 2,
    mix: [
      ["IMAGE", 0.45],
      ["CAROUSEL", 0.3],
      ["REELS", 0.25],
    ],
    postingHours: [7, 8, 12, 13],
    audienceZones: [
      [-6, 0.93],
      [-5, 0.04],
      [-8, 0.03],
    ],
    reachRate: 0.42,
    likeRate: 0.06,
    commentRate: 0.045,
    ownerReplyRate: 0.6,
    peopleCount: 140,
    conversationCount: 18,
    pageName: "Northfield Coffee Roasters",
    fbUserName: "Sam Lindgren",
    unlinkedPages: ["Northfield Coffee Events"],
    palette: ["#6b4a3a", "#d9c2a7", "#2f4a3f", "#b5673c", "#f2e6d6", "#8c6e54", "#1f2a26"],
    voice: coffeeVoice,
    ages: {
      F: [0.004, 0.09, 0.2, 0.14, 0.08, 0.04, 0.016],
      M: [0.003, 0.07, 0.16, 0.11, 0.05, 0.025, 0.01],
      U: [0, 0.003, 0.005, 0.003, 0.001, 0, 0],
    },
    countries: [
      ["US", 0.9],
      ["CA", 0.025],
      ["MX", 0.01],
      ["GB", 0.01],
      ["DE", 0.008],
      ["ET", 0.006],
      ["CO", 0.006],
      ["KE", 0.004],
    ],
    cities: [
      ["Northfield, Minnesota", 0.22],
      ["Minneapolis, Minnesota", 0.17],
      ["Saint Paul, Minnesota", 0.08],
      ["Faribault, Minnesota", 0.05],
      ["Lakeville, Minnesota", 0.03],
      ["Rochester, Minnesota", 0.025],
      ["Dundas, Minnesota", 0.02],
      ["Owatonna, Minnesota", 0.018],
      ["Chicago, Illinois", 0.012],
      ["Madison, Wisconsin", 0.01],
      ["Eagan, Minnesota", 0.01],
      ["Bloomington, Minnesota", 0.01],
      ["Mankato, Minnesota", 0.009],
      ["Red Wing, Minnesota", 0.008],
      ["Des Moines, Iowa", 0.005],
    ],
  },
  {
    key: "oona",
    username: "oona.bakes",
    name: "Oona",
    accountType: "MEDIA_CREATOR",
    biography: "Home baker learning in public 🍞",
    website: "",
    followersNow: 64,
    followersYearAgo: 0,
    followsCount: 180,
    postsPerWeek: [0, 1],
    quietWeeks: 40,
    postCount: 12,
    mix: [
      ["IMAGE", 0.7],
      ["CAROUSEL", 0.15],
      ["REELS", 0.15],
    ],
    postingHours: [9, 17],
    audienceZones: [[2, 1]],
    reachRate: 0.9,
    likeRate: 0.12,
    commentRate: 0.08,
    ownerReplyRate: 0.7,
    peopleCount: 20,
    conversationCount: 1,
    pageName: "Oona Bakes",
    fbUserName: "Oona Virtanen",
    unlinkedPages: [],
    palette: ["#e8c9a0", "#b07a4f", "#f7efe3", "#7d5a3c", "#d8b48a"],
    voice: bakerVoice,
    ages: {
      F: [0, 0.2, 0.3, 0.1, 0, 0, 0],
      M: [0, 0.1, 0.2, 0.1, 0, 0, 0],
      U: [0, 0, 0, 0, 0, 0, 0],
    },
    countries: [
      ["FI", 0.8],
      ["SE", 0.2],
    ],
    cities: [
      ["Helsinki, Uusimaa", 0.6],
      ["Espoo, Uusimaa", 0.2],
    ],
  },
];

/** Other professional accounts Business Discovery can find (§7.1); personal ones cannot. */
export const publicAccountSeeds: ReadonlyArray<Omit<PublicAccount, "id" | "mediaCount">> = [
  {
    username: "kiln.and.kettle",
    name: "Kiln & Kettle Studio",
    biography: "Functional pottery · Leeds",
    website: "https://kilnandkettle.example",
    followersCount: 48_300,
    followsCount: 820,
    palette: ["#a45c40", "#e4d4c0", "#5a6b5d"],
    voice: "ceramics",
  },
  {
    username: "harbor.clayworks",
    name: "Harbor Clayworks",
    biography: "Porcelain by the sea",
    website: "https://harborclay.example",
    followersCount: 12_400,
    followsCount: 310,
    palette: ["#3d5a6c", "#dfe7ea", "#c4a484"],
    voice: "ceramics",
  },
  {
    username: "fernwood.pottery",
    name: "Fernwood Pottery",
    biography: "Wood-fired stoneware · Oregon",
    website: "https://fernwood.example",
    followersCount: 83_100,
    followsCount: 1_204,
    palette: ["#4f5d3a", "#cdb79e", "#8a5a44"],
    voice: "ceramics",
  },
  {
    username: "slowform.studio",
    name: "Slowform",
    biography: "Hand-built ceramics & classes",
    website: "https://slowform.example",
    followersCount: 6_240,
    followsCount: 402,
    palette: ["#e3d5ca", "#a68a64", "#5e503f"],
    voice: "ceramics",
  },
  {
    username: "ridge.roasting.co",
    name: "Ridge Roasting Co.",
    biography: "Coffee roasted in the mountains",
    website: "https://ridgeroasting.example",
    followersCount: 31_700,
    followsCount: 655,
    palette: ["#3b2f2f", "#c8a27c", "#6f8f72"],
    voice: "coffee",
  },
  {
    username: "morningpour",
    name: "Morning Pour",
    biography: "Pour-over bar · Chicago",
    website: "https://morningpour.example",
    followersCount: 9_850,
    followsCount: 288,
    palette: ["#5b3a29", "#f0e2d0", "#9c6644"],
    voice: "coffee",
  },
  {
    username: "oat.and.ember",
    name: "Oat & Ember",
    biography: "Coffee, pastries, fire",
    website: "https://oatandember.example",
    followersCount: 4_130,
    followsCount: 512,
    palette: ["#d4a373", "#faedcd", "#6d4c3d"],
    voice: "coffee",
  },
  {
    username: "paperlanterncoffee",
    name: "Paper Lantern Coffee",
    biography: "Specialty coffee · Portland",
    website: "https://paperlantern.example",
    followersCount: 15_200,
    followsCount: 733,
    palette: ["#283618", "#dda15e", "#fefae0"],
    voice: "coffee",
  },
  {
    username: "wildgrain.bakehouse",
    name: "Wildgrain Bakehouse",
    biography: "Naturally leavened, always",
    website: "https://wildgrain.example",
    followersCount: 22_600,
    followsCount: 390,
    palette: ["#bc8a5f", "#f3e9dc", "#6f4518"],
    voice: "bakery",
  },
  {
    username: "linen.and.light",
    name: "Linen & Light",
    biography: "Slow living, natural textiles",
    website: "https://linenlight.example",
    followersCount: 57_900,
    followsCount: 1_020,
    palette: ["#e9edc9", "#ccd5ae", "#a98467"],
    voice: "lifestyle",
  },
];
