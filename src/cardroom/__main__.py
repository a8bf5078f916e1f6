from cardroom.cli.main import main

raise SystemExit(main())
