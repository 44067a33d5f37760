import '../../ui/Skeleton.css'
import '../../ui/form-kit.css'

/** The composer's shape while the post opens (DESIGN §9: skeletons, not spinners). */
export function ComposerSkeleton() {
  return (
    <div className="v-compose v-compose--skeleton" role="status" aria-label="Opening the post">
      <span className="v-skel v-compose__skel-title" />
      <div className="v-mgrid" aria-hidden="true">
        <span className="v-skel v-compose__skel-tile" />
        <span className="v-skel v-compose__skel-tile" />
        <span className="v-skel v-compose__skel-tile" />
      </div>
      <span className="v-skel v-compose__skel-title" />
      <span className="v-skel v-compose__skel-block" />
      <span className="v-skel v-compose__skel-title" />
      <div className="v-audience__options" aria-hidden="true">
        <span className="v-skel v-compose__skel-card" />
        <span className="v-skel v-compose__skel-card" />
        <span className="v-skel v-compose__skel-card" />
        <span className="v-skel v-compose__skel-card" />
      </div>
    </div>
  )
}
