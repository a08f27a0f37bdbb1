from pastiche_cli.cli.root import main

main()
