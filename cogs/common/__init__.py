"""Discord glue shared by every cog: languages, replies, the tree error handler."""
