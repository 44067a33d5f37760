import {
  membershipOffer,
  membershipPlanMine,
  membershipPlanSave,
  membershipSubscribe,
  subscriberList,
  subscriptionAutoRenew,
  subscriptionDetail,
  subscriptionList,
  trialLinkCreate,
  trialLinkList,
  trialLinkRevoke,
} from '@velvet/contract'
import type { FastifyInstance } from 'fastify'
import { registerCall } from '../../platform/http.ts'
import type { MembershipLists } from './lists-service.ts'
import type { PlanService } from './plan-service.ts'
import type { MembershipService } from './service.ts'

export function registerMembershipRoutes(
  app: FastifyInstance,
  deps: { plans: PlanService; memberships: MembershipService; lists: MembershipLists },
): void {
  const { plans, memberships, lists } = deps
  registerCall(app, membershipPlanMine, ({ viewer }) => plans.mine(viewer))
  registerCall(app, membershipPlanSave, ({ viewer, input }) => plans.save(viewer, input))
  registerCall(app, trialLinkCreate, ({ viewer, input }) => plans.createTrial(viewer, input))
  registerCall(app, trialLinkList, ({ viewer }) => plans.trials(viewer))
  registerCall(app, trialLinkRevoke, ({ viewer, input }) => plans.revokeTrial(viewer, input.code))

  registerCall(app, membershipOffer, ({ viewer, input, req }) => memberships.offer(viewer, input, req.ip))
  registerCall(app, membershipSubscribe, ({ viewer, input, req, idempotencyKey }) =>
    memberships.subscribe(viewer, input, idempotencyKey, req.ip, req.returnOrigin),
  )
  registerCall(app, subscriptionList, ({ viewer, input }) => lists.fanList(viewer, input))
  registerCall(app, subscriptionDetail, ({ viewer, input }) => lists.detail(viewer, input.creator_id))
  registerCall(app, subscriptionAutoRenew, ({ viewer, input }) =>
    lists.setAutoRenew(viewer, input.creator_id, input.auto_renew),
  )
  registerCall(app, subscriberList, ({ viewer, input }) => lists.creatorList(viewer, input))
}
