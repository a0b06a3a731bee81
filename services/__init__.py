"""Use cases: load state, check permissions, call the core, append the event, save.

One transaction per change. A package per feature, named like its cog (`game`, `shooting`,
`markers`, `campaign`, `rules`), `common` for what they share, and `app` to wire them; a
package is used through what its `__init__` exports."""
