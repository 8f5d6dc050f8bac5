<?xml version="1.0"?>
<tileset name="c54"><tileset/><tileset firstgid="9" source="c55.tsx"/></tileset>
