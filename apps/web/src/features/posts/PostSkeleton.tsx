import '../../ui/Skeleton.css'
import './post-card.css'

/** Cards shaped like posts while the first page loads. */
export function PostSkeleton({ count = 2 }: { count?: number }) {
  return (
    <div className="v-post-skeletons" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cards
        <div key={i} className="v-post v-post--skeleton">
          <div className="v-post__head">
            <span className="v-skel v-skel--circle" />
            <span className="v-post__skel-lines">
              <span className="v-skel v-skel--line" />
              <span className="v-skel v-skel--line v-skel--thin" />
            </span>
          </div>
          <span className="v-skel v-post__skel-media" />
          <div className="v-post__head">
            <span className="v-post__skel-lines">
              <span className="v-skel v-skel--line v-skel--thin" />
            </span>
          </div>
        </div>
      ))}
    </div>
  )
}
