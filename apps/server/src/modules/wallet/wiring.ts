import type { MoneyDeps, MoneyPart } from '../ledger/wiring.ts'
import type { PaymentsApi } from '../payments/types.ts'
import { createPostListRepo } from '../posts/list-repo.ts'
import { createPostPresenting } from '../posts/presenting.ts'
import { createPostsRepo } from '../posts/repo.ts'
import { createPostViewService } from '../posts/view-service.ts'
import { createWalletRepo } from './repo.ts'
import { registerWalletRoutes } from './routes.ts'
import { createWalletService } from './service.ts'

/**
 * Fans spend: wallet, transactions, PPV unlocks of posts, gifts. Posts are read through the posts
 * module's own view service (reach: blocks, places and the paywall; detail: the post as post detail shows
 * it), built here over the same entitlements, so an unlock answers the post exactly as the app shows it.
 */
export function wireWallet(deps: MoneyDeps & { payments: PaymentsApi }): MoneyPart {
  const { db, entitlements, media, clock, portraitUrl } = deps
  const posts = createPostViewService({
    repo: createPostsRepo(db),
    lists: createPostListRepo(db),
    entitlements,
    presenting: createPostPresenting({ media, portraitUrl }),
    clock,
    portraitUrl,
  })
  const service = createWalletService({
    repo: createWalletRepo(db),
    ledger: deps.ledger,
    purchases: deps.purchases,
    entitlements,
    posts,
    creator: deps.creator,
    clock,
    portraitUrl,
  })
  return { register: (app) => registerWalletRoutes(app, service) }
}
