"""What maintainers use, behind ``coinrow dev``: the catalogue, mutation testing, the stubs as shipped,
the generated docs."""
