from narrator.cli.main import main

raise SystemExit(main())
