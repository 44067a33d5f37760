/**
 * A late-bound port: the way two modules that need each other are wired. The first one built gets the port
 * (calls through it at request or job time); the composition root binds the second one to it as soon as it
 * exists. A call before `bind` is a wiring mistake and throws.
 */
export function lateBound<T>(what: string): { get(): T; bind(impl: T): void } {
  let impl: T | undefined
  return {
    get() {
      if (impl === undefined) throw new Error(`${what} is used before the composition root bound it`)
      return impl
    },
    bind(value) {
      if (impl !== undefined) throw new Error(`${what} is bound twice`)
      impl = value
    },
  }
}
