/** Every table, for drizzle-kit. Each module owns its tables in its own schema.ts. */

export * from './modules/account/schema.ts'
export * from './modules/auth/schema.ts'
export * from './modules/creator/schema.ts'
export * from './modules/entitlements/schema.ts'
export * from './modules/media/schema.ts'
export * from './modules/notifications/schema.ts'
export * from './modules/posts/schema.ts'
export * from './modules/push/schema.ts'
export * from './modules/safety/schema.ts'
export * from './modules/social/schema.ts'
export * from './modules/system/schema.ts'
