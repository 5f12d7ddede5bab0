"""The platform wheel: when the build copy holds src/pushnormaliser/bin/pushnorm (`make wheel` puts it there), the
wheel is tagged for this platform (py3-none-linux_x86_64; `auditwheel repair` then makes it manylinux and bundles
the shared libraries the binary needs). Without the binary (`pip install ./Clients/python`) it is a pure wheel."""

import os

from setuptools import setup
from setuptools.dist import Distribution

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1
    from wheel.bdist_wheel import bdist_wheel

BINARY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "src", "pushnormaliser", "bin", "pushnorm")


class BinaryDistribution(Distribution):
    """With the binary the files go to platlib (the wheel's root), as a package with compiled code does."""

    def has_ext_modules(self) -> bool:
        return os.path.isfile(BINARY)


class PlatformWheel(bdist_wheel):
    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = not os.path.isfile(BINARY)

    def get_tag(self):
        python, abi, platform = super().get_tag()
        return (python, abi, platform) if self.root_is_pure else ("py3", "none", platform)


setup(distclass=BinaryDistribution, cmdclass={"bdist_wheel": PlatformWheel})
