"""The page's security policy (its files and the catalogue the bot writes for it)."""

PAGE_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'"
)
"""The page loads nothing from elsewhere."""
