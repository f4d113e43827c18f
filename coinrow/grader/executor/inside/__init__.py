"""What runs inside the attempt's process: standard library only, never importing the rest of ``coinrow``.
The executor starts ``loop.py`` by its path, inside the sandbox where there is one."""
