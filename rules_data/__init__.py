"""Data the project writes itself (seed texts, nicknames, term tables, source lists).

A package only so the files install with the bot; read them through ``bot.resources``.
"""
