"""The repository's pytest root: the grading suite's plugin (options, records, one-glance messages).

The plugin is imported here as well as named: the grading driver's warm-up
(``coinrow.grader.run.child.warm_up``) imports this module first, so the plugin's hypothesis
profiles are loaded before the suite is imported and decorated.
"""

import coinrow.grader.run.plugin  # noqa: F401

pytest_plugins = ("coinrow.grader.run.plugin",)
