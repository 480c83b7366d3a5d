# A module bound to a name by platform, as os binds path.
import sys
if sys.platform == "win32":
    import ntish as path
else:
    import posixish as path
