"""The bot's web server (server.py), its connections' guard, the Mini App's launch data, game
tokens, request rates."""
