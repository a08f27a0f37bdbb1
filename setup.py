"""What the build computes (the rest is declared in pyproject.toml): the packages, found in the tree
(every folder, render/templates/ too: a folder of data is a package of data), and the manual page, put
together from every game's sections (pastiche_cli/cli/manpage.py) and kept in man/pastiche.1
(rewritten only when the parts changed).

So a new game is its folders and nothing else: games/NAME/ is a package found here, data/NAME/ ships
with pastiche_cli.data, and games/NAME/manpage.roff joins the installed page.
"""

import importlib.util
import os

from setuptools import find_namespace_packages, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
MANUAL = os.path.join("man", "pastiche.1")  # kept in the repository, refreshed by the build, installed


def write_manual_page() -> None:
    """man/pastiche.1 made the page of the games in this tree: cli/manpage.py run as a file (the package
    is not importable here)."""
    spec = importlib.util.spec_from_file_location("_manpage", os.path.join(HERE, "pastiche_cli", "cli", "manpage.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.write(os.path.join(HERE, "pastiche_cli"))


def data_packages() -> list[str]:
    """pastiche_cli.data and one package a game's folder in data/ (pastiche_cli.data.artline, ...)."""
    folders = sorted(
        entry
        for entry in os.listdir(os.path.join(HERE, "data"))
        if os.path.isdir(os.path.join(HERE, "data", entry)) and not entry.startswith(("_", "."))
    )
    return ["pastiche_cli.data"] + [f"pastiche_cli.data.{folder}" for folder in folders]


class BuildWithManual(build_py):
    """build_py, then the manual page that install_data installs (build_py runs first for a wheel, editable too)."""

    def run(self):
        super().run()
        write_manual_page()


setup(
    # data/ lives at the top of the repository (so players can read it) and ships as pastiche_cli.data.
    # Each game's folder of data is a package too (of data only), so setuptools ships it knowingly.
    packages=find_namespace_packages(include=["pastiche_cli", "pastiche_cli.*"], exclude=["*.__pycache__"])
    + data_packages(),
    # Where `man pastiche` looks: man finds ../share/man beside every bin/ on PATH, so a virtual
    # environment's page is found once its bin/ is on PATH; `pastiche man` shows it anywhere.
    data_files=[("share/man/man1", [MANUAL])],
    cmdclass={"build_py": BuildWithManual},
)
