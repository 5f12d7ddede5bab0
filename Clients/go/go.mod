module pushnormaliser

go 1.19
