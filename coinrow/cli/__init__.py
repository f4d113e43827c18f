"""The one command line, ``coinrow <command>``: it lazily loads the command asked for; nothing imports it."""
