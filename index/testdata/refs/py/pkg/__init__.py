from .base import Base as Base
from .sub.tools import helper
