import { ChevronDown, Info } from 'lucide-react'

/** How a visitor's place is found, and its limits (shown under the list and to guests). */
export function HowItWorks() {
  return (
    <details className="v-loc-how">
      <summary className="v-loc-how__summary">
        <Info aria-hidden="true" />
        <span className="v-loc-how__label">How blocking a location works</span>
        <ChevronDown aria-hidden="true" className="v-loc-how__chevron" />
      </summary>
      <div className="v-loc-how__body">
        <p>
          A visitor’s location is worked out on our servers from the IP address of their connection, every
          time your profile, posts or media are requested. We never use GPS or ask their device.
        </p>
        <p>
          The block applies to everyone there, including people who already follow or subscribe to you.
          Removing a location makes your profile visible there again right away.
        </p>
        <p>
          IP-based location is accurate to the country and usually to the state, but someone using a VPN can
          appear to be elsewhere. Block individual accounts too when you know who you want to keep out.
        </p>
      </div>
    </details>
  )
}
