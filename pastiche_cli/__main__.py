from pastiche_cli.cli.root import run

run()
