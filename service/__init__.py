"""The referee as a service: a FastAPI application (``app.create_app``) over the same adjudicator
calls the command line makes; ``pinochle serve`` runs it with uvicorn. See docs/service.md."""
