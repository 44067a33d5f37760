import { Visibility } from '@velvet/contract'
import type { ArtStyle, Palette } from './art.ts'

/**
 * What a fresh installation shows (SEED_DEMO): four made-up creators, each named and described as a demo,
 * with pictures and clips the server draws itself. Nothing here is a real person.
 */

/** A picture of a post: drawn at this size in the creator's palette. */
export interface DemoPhoto {
  kind: 'photo'
  style: ArtStyle
  width: number
  height: number
}

/** A short clip from one of ffmpeg's generated sources (lavfi), with a tone. */
export interface DemoClip {
  kind: 'clip'
  source: 'plasma' | 'fractal' | 'life'
  width: number
  height: number
  seconds: number
  /** Base frequency of the chord under the picture (Hz). */
  tone: number
}

export type DemoMedia = DemoPhoto | DemoClip

export interface DemoPost {
  caption: string
  visibility: Visibility
  /** Coins, for PPV visibilities. */
  price?: number
  media: DemoMedia[]
  /** How many of the first media are free previews (the teaser of a locked post). */
  teasers?: number
  /** When it was published, in hours before the seed runs. */
  hoursAgo: number
}

/** The creator's membership plan, as a creator saves it on /subs/settings. */
export interface DemoMembership {
  priceUsd: number
  bundles: { months: 3 | 6 | 12; discount_percent: number }[]
}

export interface DemoCreator {
  userName: string
  nickname: string
  bio: string
  palette: Palette
  portrait: ArtStyle
  /** Every demo creator offers one, so that members-only posts can be opened on demo content. */
  membership: DemoMembership
  posts: DemoPost[]
}

/** Every demo account is born on this day (adults; the date means nothing else). */
export const DEMO_BIRTHDAY = '1994-05-12'

/** The one-time claim that makes seeding happen once per database (system_settings key). */
export const DEMO_SEED_KEY = 'demo_seed'

const portraitPhoto = (style: ArtStyle): DemoPhoto => ({ kind: 'photo', style, width: 960, height: 1200 })
const widePhoto = (style: ArtStyle): DemoPhoto => ({ kind: 'photo', style, width: 1200, height: 800 })

export const demoCreators: readonly DemoCreator[] = [
  {
    userName: 'demo_nova_vale',
    nickname: 'Nova Vale · Demo',
    bio: 'Demo creator: neon horizons and synthwave nights, drawn by the server so you can try the app. Not a real person.',
    palette: ['#140a2e', '#5b1a6b', '#ff3d8b', '#ffd166', '#29e7cd'],
    portrait: 'rings',
    membership: { priceUsd: 9.99, bundles: [{ months: 3, discount_percent: 15 }] },
    posts: [
      {
        caption: 'Golden hour on the grid. Welcome to my corner of the night ✨ #synthwave #neon #demo',
        visibility: Visibility.Everyone,
        media: [portraitPhoto('sunset')],
        hoursAgo: 130,
      },
      {
        caption: 'Three skylines from last week, the first one is on the house 🌆 #retro #nightdrive',
        visibility: Visibility.PPV,
        price: 40,
        media: [portraitPhoto('sunset'), widePhoto('sunset'), portraitPhoto('rings')],
        teasers: 1,
        hoursAgo: 97,
      },
      {
        caption: 'Plasma study with a soft chord. Sound on 🔊 #motion #synthwave',
        visibility: Visibility.Everyone,
        media: [{ kind: 'clip', source: 'plasma', width: 640, height: 360, seconds: 5, tone: 220 }],
        hoursAgo: 52,
      },
      {
        caption: 'For members only: the full neon set, straight from the studio 💜 #members #neon',
        visibility: Visibility.Members,
        media: [portraitPhoto('rings'), portraitPhoto('sunset')],
        hoursAgo: 20,
      },
      {
        caption: 'Late-night rings. Unlock for the high-res cut #ppv #abstract',
        visibility: Visibility.PPV,
        price: 25,
        media: [portraitPhoto('rings')],
        hoursAgo: 3,
      },
    ],
  },
  {
    userName: 'demo_marlowe_bloom',
    nickname: 'Marlowe Bloom · Demo',
    bio: 'Demo creator: soft light and pastel colour studies, generated on this server. A sample profile, not a person.',
    palette: ['#ffd6e0', '#c3d3ff', '#ff5d9e', '#4f9dff', '#9b6bff', '#ff9a5c'],
    portrait: 'blobs',
    membership: { priceUsd: 4.99, bundles: [] },
    posts: [
      {
        caption: 'Morning light in the studio ☁️ #pastel #softlight #demo',
        visibility: Visibility.Everyone,
        media: [portraitPhoto('blobs')],
        hoursAgo: 118,
      },
      {
        caption: 'Slow colours, slow Sunday. A little clip for everyone 🌸 #motion #pastel',
        visibility: Visibility.Everyone,
        media: [{ kind: 'clip', source: 'plasma', width: 360, height: 640, seconds: 4, tone: 262 }],
        hoursAgo: 76,
      },
      {
        caption: 'Tide pools, part one. Members see all three, the first is a teaser 🌊 #waves #members',
        visibility: Visibility.Members,
        media: [widePhoto('waves'), portraitPhoto('waves'), portraitPhoto('blobs')],
        teasers: 1,
        hoursAgo: 44,
      },
      {
        caption: 'A colour I keep coming back to. Members get it free, everyone else can unlock it 💗 #blush',
        visibility: Visibility.MembersAndPPV,
        price: 30,
        media: [portraitPhoto('blobs')],
        hoursAgo: 26,
      },
      {
        caption: 'Two pastel studies, the first one free to preview. Unlock the pair 🎨 #ppv #pastel',
        visibility: Visibility.PPV,
        price: 20,
        media: [portraitPhoto('blobs'), widePhoto('waves')],
        teasers: 1,
        hoursAgo: 12,
      },
      {
        caption: 'Quiet waves before the weekend #pastel #calm',
        visibility: Visibility.Everyone,
        media: [widePhoto('waves')],
        hoursAgo: 6,
      },
    ],
  },
  {
    userName: 'demo_kestrel_ridge',
    nickname: 'Kestrel Ridge · Demo',
    bio: 'Demo creator: ridgelines, moons and long walks, all made of shapes by the server. Sample content, not a real person.',
    palette: ['#0b1d33', '#f28f6b', '#1b3a5c', '#f6e7cb', '#2f5d7c', '#5d8aa8'],
    portrait: 'peaks',
    membership: {
      priceUsd: 7.5,
      bundles: [
        { months: 6, discount_percent: 20 },
        { months: 12, discount_percent: 30 },
      ],
    },
    posts: [
      {
        caption: 'First light over the ridge 🏔️ #mountains #outdoors #demo',
        visibility: Visibility.Everyone,
        media: [widePhoto('peaks')],
        hoursAgo: 140,
      },
      {
        caption: 'Zooming into the edge of a fractal coastline. Unlock the full clip 🌀 #fractal #ppv',
        visibility: Visibility.PPV,
        price: 60,
        media: [{ kind: 'clip', source: 'fractal', width: 360, height: 640, seconds: 5, tone: 196 }],
        hoursAgo: 88,
      },
      {
        caption: 'Four summits in one weekend. Here is the first, the rest are for members ⛰️ #trail #members',
        visibility: Visibility.Members,
        media: [portraitPhoto('peaks'), widePhoto('peaks'), portraitPhoto('waves'), widePhoto('waves')],
        teasers: 1,
        hoursAgo: 58,
      },
      {
        caption: 'Blue hour, lake still as glass #lake #bluehour',
        visibility: Visibility.Everyone,
        media: [portraitPhoto('waves')],
        hoursAgo: 31,
      },
      {
        caption: 'Moonrise print, numbered edition 🌕 #print #ppv',
        visibility: Visibility.PPV,
        price: 15,
        media: [portraitPhoto('peaks')],
        hoursAgo: 9,
      },
    ],
  },
  {
    userName: 'demo_lumen_arc',
    nickname: 'Lumen Arc · Demo',
    bio: 'Demo creator: circles, arcs and living patterns, generated for this demo. A made-up profile to explore the app.',
    palette: ['#0f0f14', '#e63946', '#f1c453', '#2ec4b6', '#f7f7f2'],
    portrait: 'sunset',
    membership: { priceUsd: 5.99, bundles: [{ months: 3, discount_percent: 10 }] },
    posts: [
      {
        caption: 'Orbit no. 1. Geometry is my love language ⭕ #geometry #abstract #demo',
        visibility: Visibility.Everyone,
        media: [portraitPhoto('rings')],
        hoursAgo: 125,
      },
      {
        caption:
          'A colony of cells growing to a tone. Members watch it free, or unlock it 🧬 #generative #motion',
        visibility: Visibility.MembersAndPPV,
        price: 35,
        media: [{ kind: 'clip', source: 'life', width: 640, height: 360, seconds: 5, tone: 247 }],
        hoursAgo: 70,
      },
      {
        caption: 'Three orbits, one free to preview. The set is yours for a few coins #ppv #geometry',
        visibility: Visibility.PPV,
        price: 50,
        media: [portraitPhoto('rings'), widePhoto('sunset'), portraitPhoto('rings')],
        teasers: 1,
        hoursAgo: 40,
      },
      {
        caption: 'Studio notes for members: how the arcs are laid out 📐 #members #process',
        visibility: Visibility.Members,
        media: [widePhoto('rings')],
        hoursAgo: 14,
      },
    ],
  },
]
